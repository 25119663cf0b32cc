import { Button } from "antd-mobile";
import { Link, useFetcher, useLocation } from "react-router";
import type { VideoDetail } from "#gateway/api/content-types.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";

/** What a locked video takes: its price, the member's balance and vouchers, and the ways to unlock it. */
export function LockedPanel({ video }: { video: VideoDetail }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  const { viewer } = video;
  const here = encodeURIComponent(location.pathname + location.search);
  const short = viewer.coins < video.coins;
  // One id per balance state: a double tap sends the same request, and the server charges once anyway.
  const buy = (intent: string) => {
    if (!busy) void fetcher.submit({ intent, request_id: `${video.id}-${viewer.coins}-${viewer.tickets}` }, { method: "post" });
  };
  return (
    <div className="locked-panel">
      <EncImage src={video.cover} ratio="16X9" alt={video.title} eager />
      <div className="locked-panel-body" role="region" aria-label="解锁视频">
        {video.vip_free && !viewer.vip ? <p>开通 VIP 即可免费观看，或单独解锁</p> : null}
        <p className="locked-price">
          本视频需 <strong>{video.coins}</strong> 金币
          {viewer.is_member ? (
            <>
              ，当前余额 <strong data-testid="balance">{viewer.coins}</strong> 金币
            </>
          ) : null}
        </p>
        {!viewer.is_member ? (
          <Link to={`/login?redirect=${here}`}>
            <Button color="primary" size="small">
              登录后解锁
            </Button>
          </Link>
        ) : (
          <div className="locked-actions">
            <Button color="primary" size="small" loading={busy} disabled={busy || short} onClick={() => buy("buy-coins")}>
              {short ? "金币不足" : `${video.coins} 金币解锁`}
            </Button>
            {viewer.tickets > 0 && (
              <Button size="small" disabled={busy} onClick={() => buy("buy-ticket")}>
                使用观影券（剩 {viewer.tickets} 张）
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
