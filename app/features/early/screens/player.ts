import type { Video } from "#gateway/api/content-types.ts";
import * as video from "#gateway/api/video.ts";
import { savedPosition } from "#app/features/watch-progress/watch-progress.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, firstImage, ifId } from "../early-calls.ts";
import { NO_COMMENTS } from "#app/features/comments/no-comments.ts";

export const playerCalls = early("/player", (id: number) =>
  Promise.all(
    together(() => [
      api(video.detail, { id }).then((v) => (firstImage(v.cover), v)),
      api(video.comments, { id, page: 1, limit: 20 }).catch(() => NO_COMMENTS),
      api(video.related, { id, page: 1, limit: 6 }).catch(() => ({
        ...NO_COMMENTS,
        list: [] as Video[],
      })),
      savedPosition(id),
    ]),
  ),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", playerCalls.start);
