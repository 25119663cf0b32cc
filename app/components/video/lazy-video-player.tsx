import { lazy, Suspense, type ComponentProps } from "react";
import type { VideoPlayer as Player } from "./video-player.tsx";
import "./video-player.css";

const VideoPlayer = lazy(() => import("./video-player.tsx").then((m) => ({ default: m.VideoPlayer })));

/**
 * A video inside a post or an article: its black 16:9 box at once, so nothing moves when the player comes; the
 * player's code after the screen's first frame, which is the text's (decision 108). /player imports the player itself.
 */
export function LazyVideoPlayer(props: ComponentProps<typeof Player>) {
  return (
    <Suspense
      fallback={
        <div className="video-player">
          <div className="video-player-media" />
        </div>
      }
    >
      <VideoPlayer {...props} />
    </Suspense>
  );
}
