import { danmakuStore } from "#app/stores/danmaku.ts";
import { useStore } from "#app/stores/use-store.ts";
import type { DanmakuSettings } from "./engine.ts";

/** The device's bullet settings (`danmakuStore`), for `<Danmaku settings={…}>`; small, so the host can import it eagerly. */
export function useDanmakuSettings(): DanmakuSettings {
  return useStore(danmakuStore, (s) => s);
}
