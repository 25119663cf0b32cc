import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { Danmu } from "#gateway/api/content-types.ts";
import { danmuList } from "#gateway/api/video.ts";
import { api } from "#app/lib/gateway.ts";
import { createDanmakuSource } from "./danmaku-source.ts";

const none: readonly Danmu[] = [];

/**
 * The bullets of video `id` around where `video` plays, for `<Danmaku items={…}>`: loaded by windows of 60 s as it
 * plays and seeks, the next window before it is reached. `add` puts the member's own just-sent bullet in at once.
 */
export function useDanmakuItems(id: number, video: HTMLVideoElement | null): { items: readonly Danmu[]; add: (bullet: Danmu) => void } {
  const source = useMemo(() => createDanmakuSource<Danmu>((from, to) => api(danmuList, { id, from, to })), [id]);
  useEffect(() => {
    // Not before the player lets its media start (after the poster has painted): nothing flies before that.
    if (!video) return;
    const need = () => source.need(video.currentTime);
    need();
    // timeupdate comes about four times a second while playing: enough to ask 20 s ahead.
    for (const name of ["timeupdate", "seeking", "loadedmetadata"]) video.addEventListener(name, need);
    return () => {
      for (const name of ["timeupdate", "seeking", "loadedmetadata"]) video.removeEventListener(name, need);
    };
  }, [source, video]);
  const items = useSyncExternalStore(source.subscribe, source.items, () => none);
  return { items, add: source.add };
}
