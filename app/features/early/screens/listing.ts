import * as dating from "#gateway/api/dating.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, firstImage, ifId } from "../early-calls.ts";

export const datingReviews = (id: number) => pagedSource(dating.listComment, { id }, 10);

export const listingCalls = early("/dating/detail", (id: number) =>
  Promise.all(together(() => [api(dating.detail, { id }).then((l) => (firstImage(l.contact ? l.images[0] : l.cover), l)), firstPage(datingReviews(id))])),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", listingCalls.start);
