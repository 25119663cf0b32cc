import * as dating from "#gateway/api/dating.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { positiveParam } from "#app/lib/positive-param.ts";
import { early, firstImage } from "../early-calls.ts";

/** The dating list's filter from `?area=`, `?price=` and `?sort=`. */
export function datingFilter(params: URLSearchParams): dating.DatingFilter {
  const price = dating.DATING_PRICES.find((p) => p.key === params.get("price"));
  return {
    area_id: positiveParam(params, "area"),
    price_min: price?.min,
    price_max: price && "max" in price ? price.max : undefined,
    certified: params.get("certified") === "1" ? 1 : undefined,
    sort: dating.DATING_SORTS.find((s) => s.sort === params.get("sort"))?.sort,
  };
}
export const datingListings = (filter: dating.DatingFilter) => pagedSource(dating.listFilter, filter, 20);

export const datingCalls = early("/dating", (filter: dating.DatingFilter) =>
  Promise.all(together(() => [api(dating.listArea, undefined), firstPage(datingListings(filter)).then((first) => (firstImage(first.list[0]?.cover), first))])),
);

export const startFrom = (q: URLSearchParams) => datingCalls.start(datingFilter(q));
