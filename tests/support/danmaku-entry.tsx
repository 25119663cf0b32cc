// The page that tests/browser/danmaku-engine.test.ts and bench/danmaku.ts open: the app's bullet engine and its
// components, bundled with esbuild, over a real <video>. Not part of the app. The engine's `snapshot()` is its
// read-only debug state; this page hands the engine to the test, so the app needs no hook of its own.
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { Danmaku } from "#app/components/video/danmaku/danmaku.tsx";
import { createDanmakuEngine, type DanmakuEngine, type DanmakuItem, type DanmakuSettings } from "#app/components/video/danmaku/engine.ts";
import { DanmakuSendBox } from "#app/components/video/danmaku/send-box.tsx";
import { DanmakuSettingsPanel } from "#app/components/video/danmaku/settings-panel.tsx";
import { useDanmakuSettings } from "#app/components/video/danmaku/use-settings.ts";

function stage(): { video: HTMLVideoElement; canvas: HTMLCanvasElement } {
  const div = document.createElement("div");
  div.className = "stage";
  div.innerHTML = '<video muted playsinline loop src="/clip.mp4"></video><canvas class="danmaku-stage" aria-hidden="true"></canvas>';
  document.body.append(div);
  return { video: div.querySelector("video")!, canvas: div.querySelector("canvas")! };
}

function Player({ items, onSend }: { items: DanmakuItem[]; onSend: (text: string) => Promise<unknown> }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const settings = useDanmakuSettings();
  return (
    <>
      <div className="stage">
        <video ref={setVideo} muted playsInline loop src="/clip.mp4" />
        <Danmaku video={video} items={items} settings={settings} />
      </div>
      <DanmakuSettingsPanel />
      <DanmakuSendBox onSend={onSend} />
    </>
  );
}

const harness = {
  engine: undefined as DanmakuEngine | undefined,
  /** Every engine mounted, in order (their stages likewise). */
  engines: [] as DanmakuEngine[],
  sent: [] as string[],
  /** The engine alone on a stage of its own. */
  mountEngine(items: DanmakuItem[], settings: DanmakuSettings) {
    const { video, canvas } = stage();
    const engine = createDanmakuEngine(canvas);
    engine.attach(video);
    engine.setItems(items);
    engine.setSettings(settings);
    harness.engine = engine;
    harness.engines.push(engine);
    return engine;
  },
  /** The component, its settings panel and its send box, as the player will host them. `onSend` refuses "拒绝". */
  mountComponent(items: DanmakuItem[]) {
    const root = document.createElement("div");
    document.body.append(root);
    const onSend = async (text: string) => {
      if (text === "拒绝") throw new Error("内容包含敏感词");
      harness.sent.push(text);
    };
    createRoot(root).render(<Player items={items} onSend={onSend} />);
  },
  /** Pixels with any alpha on a canvas, in rows [from, to) of CSS px. */
  inked(canvas: HTMLCanvasElement, from = 0, to = canvas.clientHeight) {
    const dpr = canvas.width / Math.max(1, canvas.clientWidth);
    const y0 = Math.floor(from * dpr);
    const h = Math.max(0, Math.min(canvas.height, Math.ceil(to * dpr)) - y0);
    if (!h || !canvas.width) return 0;
    const data = canvas.getContext("2d")!.getImageData(0, y0, canvas.width, h).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) n++;
    return n;
  },
};

declare global {
  interface Window {
    danmakuHarness: typeof harness;
  }
}
window.danmakuHarness = harness;
