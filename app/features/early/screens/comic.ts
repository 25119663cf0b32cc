import * as comics from "#gateway/api/comics.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, firstImage, ifId } from "../early-calls.ts";
import { NO_COMMENTS } from "#app/features/comments/no-comments.ts";

export const comicCalls = early("/cartoon/cartoon-detail", (id: number) =>
  Promise.all(
    together(() => [
      api(comics.listEpisode, { id }).then((d) => (firstImage(d.comic.cover), d)),
      api(comics.comments, { id, page: 1, limit: 20 }).catch(() => NO_COMMENTS),
    ]),
  ).then(([detail, comments]) => ({ ...detail, comments })),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", comicCalls.start);
