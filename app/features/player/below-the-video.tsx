import { Link } from "react-router";
import type { Comment, Paged, Video, VideoDetail } from "#gateway/api/index.ts";
import { VideoGrid } from "#app/components/video/video-grid.tsx";
import { Comments } from "#app/features/comments/comments.tsx";

/**
 * What /player shows below the video's information: its comments, the other videos of its series and 相关推荐. The
 * player loads this module once the poster has painted (decisions 108 and 112); it closes the screen, so nothing
 * moves when it comes.
 */
export function BelowTheVideo({ video, comments, series, related }: { video: VideoDetail; comments: Paged<Comment>; series: Paged<Video> | null; related: Video[] }) {
  return (
    <>
      <Comments kind="video" id={video.id} initial={comments} count={video.comment_count} />
      {series && series.list.length > 1 && (
        <section aria-label="所属合集">
          <h2 className="block-title">
            合集 · {video.series_title}
            <Link className="more-link" to={`/series?id=${video.series_id}`}>
              全部 {series.total} 个 ›
            </Link>
          </h2>
          <VideoGrid videos={series.list.filter((v) => v.id !== video.id).slice(0, 4)} />
        </section>
      )}
      {related.length > 0 && (
        <section aria-label="相关推荐">
          <h2 className="block-title">相关推荐</h2>
          <VideoGrid videos={related} />
        </section>
      )}
    </>
  );
}
