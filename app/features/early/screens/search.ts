import * as search from "#gateway/api/search.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { early, firstImage } from "../early-calls.ts";

const SEARCH_LIMIT = 20;
export const found = {
  video: (kw: string) => pagedSource(search.search, { kw }, SEARCH_LIMIT),
  creator: (kw: string) => pagedSource(search.searchCreator, { kw }, SEARCH_LIMIT),
  compilation: (kw: string) => pagedSource(search.searchCompilation, { kw }, SEARCH_LIMIT),
};
export type ResultType = keyof typeof found;

/** A search's words and kind from `?kw=` and `?type=`: a shared or hand-edited link may carry more than the gateway takes. */
export function searchAsked(params: URLSearchParams): {
  kw: string;
  type: ResultType;
} {
  const kw = (params.get("kw") ?? "").trim().slice(0, search.MAX_SEARCH_KEYWORD).trim();
  const type = params.get("type");
  return {
    kw,
    type: type === "creator" || type === "compilation" ? type : "video",
  };
}

async function searchFirst({ kw, type }: { kw: string; type: ResultType }) {
  if (type === "creator") return { kw, type, first: await firstPage(found.creator(kw)) };
  if (type === "compilation") return { kw, type, first: await firstPage(found.compilation(kw)) };
  const first = await firstPage(found.video(kw));
  firstImage(first.list[0]?.cover);
  return { kw, type, first };
}

export const searchCalls = early("/search/result", searchFirst);

export const startFrom = (q: URLSearchParams) => {
  const asked = searchAsked(q);
  if (asked.kw) searchCalls.start(asked);
};
