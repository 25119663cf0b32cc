import { Button, TextArea } from "antd-mobile";
import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { VideoDetail } from "#gateway/api/content-types.ts";
import { SHARE_TEXT_LENGTH } from "#gateway/api/video.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { toast } from "#app/lib/feedback.ts";

const { min: SHARE_MIN, max: SHARE_MAX } = SHARE_TEXT_LENGTH;

/** What a locked video takes: its price, the member's balance and vouchers, and the ways to unlock it. */
export function LockedPanel({ video }: { video: VideoDetail }) {
  const fetcher = useFetcher<{ error?: string; bought?: unknown }>();
  const location = useLocation();
  const [sharing, setSharing] = useState(false);
  const [words, setWords] = useState("");
  const busy = fetcher.state !== "idle";
  const { viewer } = video;
  const here = encodeURIComponent(location.pathname + location.search);
  const short = viewer.coins < video.coins;
  // One id per balance state: a double tap sends the same request, and the server charges once anyway.
  const requestId = `${video.id}-${viewer.coins}-${viewer.tickets}-${viewer.community_left}`;
  const buy = (intent: string, extra: Record<string, string> = {}) => {
    if (!busy) void fetcher.submit({ intent, request_id: requestId, ...extra }, { method: "post" });
  };

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) toast(fetcher.data.error);
    if (fetcher.state === "idle" && fetcher.data?.bought) setSharing(false);
  }, [fetcher.state, fetcher.data]);

  const wordsLength = words.trim().length;
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
            {video.coins > 0 && (
              <Button
                size="small"
                disabled={busy || viewer.community_left <= 0}
                onClick={() => {
                  setWords((w) => w || `推荐一部好片《${video.title}》，值得一看！`);
                  setSharing(true);
                }}
              >
                {viewer.community_left > 0 ? `社区解锁（今日剩 ${viewer.community_left} 次）` : "今日社区解锁已用完"}
              </Button>
            )}
          </div>
        )}
      </div>
      <Sheet visible={sharing} onClose={() => setSharing(false)} title="分享到社区解锁" className="share-popup" destroyOnClose>
        <form
          className="share-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (wordsLength < SHARE_MIN) return void toast(`分享语至少 ${SHARE_MIN} 个字`);
            buy("buy-community", { content: words.trim() });
          }}
        >
          <p className="share-hint">把这部视频分享到圈子，写一句推荐语即可免费解锁，今日还可用 {viewer.community_left} 次。</p>
          <TextArea name="content" value={words} onChange={setWords} maxLength={SHARE_MAX} showCount rows={3} placeholder="写一句推荐语" />
          <Button block type="submit" color="primary" loading={busy} disabled={busy || wordsLength < SHARE_MIN}>
            发布并解锁
          </Button>
        </form>
      </Sheet>
    </div>
  );
}
