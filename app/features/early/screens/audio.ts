import * as audio from "#gateway/api/audio.ts";
import * as resources from "#gateway/api/resources.ts";
import { api, together } from "#app/lib/gateway.ts";
import { CHAPTER_PAGE } from "#app/stores/audio.ts";
import { isLoggedIn } from "#app/stores/user.ts";
import { early, ifId } from "../early-calls.ts";

export const audioCalls = early("/audio/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(audio.detail, { id }),
      api(audio.chaptersList, { id, page: 1, limit: CHAPTER_PAGE }),
      api(audio.comments, { id, page: 1, limit: 20 }),
      // Where the member left off on another device; this device's own position is enough without it.
      isLoggedIn() ? api(resources.progress, { item_id: id }).catch(() => null) : Promise.resolve(null),
    ]),
  ).then(([book, chapters, comments, remote]) => ({
    book,
    chapters: chapters.list,
    comments,
    remote,
  })),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", audioCalls.start);
