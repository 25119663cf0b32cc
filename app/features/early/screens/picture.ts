import * as pictures from "#gateway/api/pictures.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, firstImage, ifId } from "../early-calls.ts";

/** A set has at most this many pictures on one page of `picture_list` (the gateway's largest page). */
const PICTURES_PAGE = 50;

export const pictureCalls = early("/picture/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(pictures.detail, { id }),
      api(pictures.pictureList, { id, page: 1, limit: PICTURES_PAGE }).then((images) => (firstImage(images.list[0]?.url), images)),
      api(pictures.comments, { id, page: 1, limit: 20 }),
    ]),
  ),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", pictureCalls.start);
