import * as news from "#gateway/api/news.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { positiveParam } from "#app/lib/positive-param.ts";
import { early, firstImage } from "../early-calls.ts";

/** The scandal list: `?category=` and `?tag=`. */
export function newsFilters(q: URLSearchParams) {
  return {
    category: positiveParam(q, "category"),
    tag: q.get("tag")?.trim().slice(0, news.MAX_NEWS_TAG) || undefined,
  };
}
export const articles = (category_id: number | undefined, tag: string | undefined) => pagedSource(news.list, { category_id, tag }, 20);

export const scandalousCalls = early("/scandalous", ({ category, tag }: ReturnType<typeof newsFilters>) =>
  Promise.all(
    together(() => [
      api(news.categories, undefined),
      api(news.tags, { category_id: category }).catch(() => []),
      firstPage(articles(category, tag)).then((first) => (firstImage(first.list[0]?.cover), first)),
    ]),
  ),
);

export const startFrom = (q: URLSearchParams) => scandalousCalls.start(newsFilters(q));
