import * as novels from "#gateway/api/novels.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, ifId } from "../early-calls.ts";

/** Chapters the novel's screen lists before "all chapters". */
const PREVIEW_CHAPTERS = 6;

export const novelCalls = early("/novel/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(novels.detail, { id }),
      api(novels.chaptersList, { id, page: 1, limit: PREVIEW_CHAPTERS }),
      api(novels.recommend, { id }),
      api(novels.comments, { id, page: 1, limit: 20 }),
    ]),
  ).then(([novel, chapters, recommended, comments]) => ({
    novel,
    chapters,
    recommended,
    comments,
  })),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", novelCalls.start);
