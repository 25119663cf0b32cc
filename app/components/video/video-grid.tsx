import type { Video } from "#gateway/api/content-types.ts";
import { VideoCard } from "./video-card.tsx";

/** A short, non-windowed grid of cards (previews inside lists). */
export function VideoGrid({ videos, small = false }: { videos: Video[]; small?: boolean }) {
  return (
    <div className={small ? "video-grid is-small" : "video-grid"}>
      {videos.map((v) => (
        <VideoCard key={v.id} video={v} ratio={small ? "9X16" : undefined} />
      ))}
    </div>
  );
}
