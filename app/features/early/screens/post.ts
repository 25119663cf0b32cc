import * as circle from "#gateway/api/circle.ts";
import type { CirclePost } from "#gateway/api/circle.ts";
import type { Headline } from "#gateway/api/content-types.ts";
import * as home from "#gateway/api/home.ts";
import type { Paged } from "#gateway/api/types.ts";
import { circleSources } from "#app/features/circle/circle-sources.ts";
import { firstPage } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import { early, firstImage } from "../early-calls.ts";

/** Tabs beside the config's sorts (`sort_tabs.post`). */
const MORE_POST_TABS = [
  { sort: "headlines", name: "头条" },
  { sort: "want", name: "求片" },
  { sort: "rank", name: "悬赏榜" },
] as const;

function firstPostsOf(tab: string): Promise<Paged<CirclePost> | Paged<Headline>> {
  if (tab === "headlines") return firstPage(circleSources.headlines);
  if (tab === "want" || tab === "rank") return firstPage(circleSources[tab]);
  return firstPage(circleSources.feed(tab));
}

export const postCalls = early("/post", async (asked: string | null) => {
  const config = await syncGlobalConfig();
  const tabs = [...config.sort_tabs.post, ...MORE_POST_TABS];
  const tab = tabs.find((t) => t.sort === asked)?.sort ?? tabs[0]!.sort;
  const [ads, topics, categories, first] = await Promise.all(
    together(() => [
      api(home.ads, { position: "post" })
        .then((list) => (firstImage(list[0]?.img_url), list))
        .catch(() => []),
      api(circle.topics, undefined).catch(() => []),
      api(home.categories, { section: "aw" }).catch(() => []),
      firstPostsOf(tab),
    ]),
  );
  return { tabs, tab, ads, topics, categories, first };
});

export const startFrom = (q: URLSearchParams) => postCalls.start(q.get("tab"));
