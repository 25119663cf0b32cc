import { loadResourceTab } from "#app/features/resources/resource-tab.ts";
import { early, firstImage } from "../early-calls.ts";

/** Its query as `String(URLSearchParams)`, the same whoever reads it. */
export const resourceCalls = early("/resource", (query: string) =>
  loadResourceTab(new URL(`/resource?${query}`, location.origin)).then((data) => (firstImage(data.home?.banners[0]?.img_url), data)),
);

export const startFrom = (q: URLSearchParams) => resourceCalls.start(String(q));
