import { memo } from "react";
import { Link } from "react-router";
import type { Video } from "#gateway/api/content-types.ts";
import { formatCount, formatDuration } from "#app/lib/format.ts";
import { DottedText } from "#app/components/dotted.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { stackState } from "#app/stores/stack.ts";

export const VIP_FREE = "免费（VIP）";

/** A video's price as the caller sees it: free to a VIP for a VIP-free video, whatever its price to others. */
export function priceLabel(v: Pick<Video, "coins" | "vip_free" | "is_pay" | "can_watch" | "off_shelf">): { text: string; tone: string } {
  if (v.off_shelf) return { text: "已下架", tone: "off" };
  if (v.is_pay) return { text: "已购", tone: "paid" };
  if (v.vip_free && v.can_watch) return { text: VIP_FREE, tone: "free" };
  if (v.coins > 0) return { text: `${v.coins}金币`, tone: "coins" };
  if (v.vip_free) return { text: "VIP", tone: "vip" };
  return { text: "免费", tone: "free" };
}

/** Feed cards share one cover box (covers are cropped to it), so every feed row has the same height. */
export const FEED_RATIO = "16X9";

/** One video in a feed. Kept small: feeds render many of these. */
export const VideoCard = memo(function VideoCard({
  video,
  onOpen,
  stack,
  ratio = FEED_RATIO,
}: {
  video: Video;
  onOpen?: (id: number) => void;
  /** The key of the list it is in, for the player's previous/next (stores/stack.ts). */
  stack?: string;
  ratio?: string;
}) {
  const price = priceLabel(video);
  return (
    <Link className="video-card" to={`/player?id=${video.id}`} state={stack ? stackState(stack) : undefined} onClick={() => onOpen?.(video.id)}>
      <div className="video-card-cover">
        <EncImage src={video.cover} ratio={ratio} alt={video.title} />
        <span className={`video-card-price is-${price.tone}`}>{price.text}</span>
        {/* One line over the cover, its ▶ drawn by the stylesheet: a feed keeps two dozen cards at once, and an
            icon component and separator spans made each card four nodes heavier (decision 063). */}
        <span className="video-card-meta">
          <span className="visually-hidden">播放</span> {`${formatCount(video.view_count)} · ${formatDuration(video.duration)}`}
        </span>
      </div>
      <p className="video-card-title">
        <DottedText text={video.title} />
      </p>
    </Link>
  );
});
