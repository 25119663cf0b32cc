import * as news from "#gateway/api/news.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, firstImage, ifId } from "../early-calls.ts";

export const articleCalls = early("/scandalous/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(news.detail, { id }).then((article) => (firstImage(/<img\b[^>]*?\bsrc="([^"]+)"/i.exec(article.body)?.[1]), article)),
      api(news.comments, { id, page: 1, limit: 20 }),
    ]),
  ),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", articleCalls.start);
