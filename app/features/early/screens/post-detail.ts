import * as circle from "#gateway/api/circle.ts";
import type { Video } from "#gateway/api/content-types.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, ifId } from "../early-calls.ts";
import { NO_COMMENTS } from "#app/features/comments/no-comments.ts";

export const postDetailCalls = early("/post/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(circle.detail, { id }),
      api(circle.replies, { id, page: 1, limit: 20 }),
      api(circle.mvList, { id, page: 1, limit: 6 }).catch(() => ({
        ...NO_COMMENTS,
        list: [] as Video[],
      })),
    ]),
  ),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", postDetailCalls.start);
