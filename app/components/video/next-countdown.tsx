import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Video } from "#gateway/api/index.ts";
import "./next-countdown.css";

const COUNTDOWN_S = 5;

/**
 * At a video's end: the next one, started after a 5 s countdown the member can cancel (`onGo` when it runs out), or
 * only offered when autoplay-next is off.
 */
export function NextCountdown({ next, autoplay, onGo, onReplay }: { next: Video; autoplay: boolean; onGo: () => void; onReplay: () => void }) {
  const [left, setLeft] = useState(autoplay ? COUNTDOWN_S : 0);
  const [counting, setCounting] = useState(autoplay);
  useEffect(() => {
    if (!counting) return;
    const t = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(t);
  }, [counting]);
  useEffect(() => {
    if (counting && left <= 0) onGo();
  }, [counting, left, onGo]);

  return (
    <div className="next-countdown" role="region" aria-label="接下来播放">
      <p className="next-countdown-title">
        {counting ? <span role="timer">{Math.max(left, 0)} 秒后播放</span> : "接下来播放"}：{next.title}
      </p>
      <div className="next-countdown-actions">
        {counting ? (
          <button type="button" onClick={() => setCounting(false)}>
            取消
          </button>
        ) : (
          <button type="button" onClick={onReplay}>
            重播
          </button>
        )}
        <Link to={`/player?id=${next.id}`} state={{ autoplay: true }} replace>
          立即播放
        </Link>
      </div>
    </div>
  );
}
