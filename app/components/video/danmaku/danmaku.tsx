import { useEffect, useRef } from "react";
import { createDanmakuEngine, type DanmakuEngine, type DanmakuItem, type DanmakuSettings } from "./engine.ts";
import "./danmaku.css";

export type { DanmakuItem, DanmakuSettings } from "./engine.ts";

/**
 * Bullet comments flying over a video: one canvas, placed by the host over the <video> (its parent positioned).
 * It follows the video's time, pauses with it and lays out again after a seek. Lazy-load this module: it is not
 * needed for the first paint.
 */
export function Danmaku({ video, items, settings }: { video: HTMLVideoElement | null; items: readonly DanmakuItem[]; settings: DanmakuSettings }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const engine = useRef<DanmakuEngine | null>(null);
  useEffect(() => {
    const created = createDanmakuEngine(canvas.current!);
    engine.current = created;
    return () => {
      created.destroy();
      engine.current = null;
    };
  }, []);
  useEffect(() => engine.current?.attach(video), [video]);
  useEffect(() => engine.current?.setItems(items), [items]);
  const { show, density, opacity } = settings;
  useEffect(() => engine.current?.setSettings({ show, density, opacity }), [show, density, opacity]);
  return <canvas ref={canvas} className="danmaku-stage" aria-hidden="true" />;
}

export default Danmaku;
