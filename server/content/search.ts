import { z } from "zod";
import { search } from "#gateway/api/index.ts";
import type { Compilation, HotSearch } from "#gateway/api/content-types.ts";
import { pageOfCreators, toCard } from "#server/community/people.ts";
import { defineHandler, paged, pageInput } from "#server/http/registry.ts";
import { pageOfSeries, toCompilation } from "./discovery.ts";
import { orderFor, pageOfVideos } from "./video.ts";

const paging = pageInput.shape;
const { MAX_SEARCH_KEYWORD } = search;
const keyword = z.string({ error: "请输入搜索关键词" }).trim().min(1, "请输入搜索关键词").max(MAX_SEARCH_KEYWORD, `关键词最多 ${MAX_SEARCH_KEYWORD} 个字`);

/** `%` and `_` in a search are literal. */
const likePattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const hotSearch = defineHandler(search.hotSearch, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 5_000,
  handle: async ({ db }) => ({ data: (await db.all("SELECT word, hits AS hot FROM hot_searches ORDER BY pinned DESC, hits DESC, word LIMIT 12")) as HotSearch[] }),
});

export const searchVideos = defineHandler(search.search, {
  auth: "guest",
  input: z.object({ kw: keyword, ...paging }),
  async handle({ input, db, origin, caller }) {
    if (input.page === 1) await db.run("INSERT INTO hot_searches (word, hits) VALUES (?, 1) ON CONFLICT (word) DO UPDATE SET hits = hot_searches.hits + 1", [input.kw]);
    return {
      data: await pageOfVideos(db, {
        where: "(i.title LIKE @kw ESCAPE '\\' OR i.id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.name LIKE @kw ESCAPE '\\'))",
        params: { kw: likePattern(input.kw) },
        order: orderFor("hot"),
        page: input.page,
        limit: input.limit,
        origin,
        user: caller.user,
      }),
    };
  },
});

export const searchCreator = defineHandler(search.searchCreator, {
  auth: "guest",
  input: z.object({ kw: keyword, ...paging }),
  async handle({ input, db, origin, caller }) {
    const { rows, total } = await pageOfCreators(db, caller.user.id, "(u.nickname LIKE @kw ESCAPE '\\' OR u.username LIKE @kw ESCAPE '\\')", { kw: likePattern(input.kw) }, input.page, input.limit);
    return { data: paged(rows.map((r) => toCard(origin, r)), input.page, input.limit, total) };
  },
});

export const searchCompilation = defineHandler(search.searchCompilation, {
  auth: "guest",
  input: z.object({ kw: keyword, ...paging }),
  async handle({ input, db, origin, caller }) {
    const { rows, total } = await pageOfSeries(db, caller.user.id, "s.title LIKE @kw ESCAPE '\\'", { kw: likePattern(input.kw) }, input.page, input.limit);
    const list: Compilation[] = rows.map((r) => toCompilation(origin, r));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const searchHandlers = [hotSearch, searchVideos, searchCreator, searchCompilation];
