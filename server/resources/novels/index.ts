import { z } from "zod";
import { novels } from "#gateway/api/index.ts";
import type { ResourceFilter } from "#gateway/api/resources.ts";
import { commentThread } from "#server/community/comment-threads.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler, idInput, pageInput, type Handler } from "#server/http/registry.ts";
import { bookSaleHandlers, favoriteListHandler, followListHandler, itemCommentHandler, itemMarkHandlers } from "../item-calls.ts";
import { pageOfResources, requireResource, resourceListInput, resourceSelect, toResourceItem, type ResourceRow } from "../items.ts";
import { NOUN, novelChapter, novelDetail, pageOfChapters } from "./chapters.ts";

// Novels (issue 19): the 资源 tab's lists, the detail, chapters and the reader, marks, comments and purchases.

const novelId = z.object({ id: idInput("小说 id") });
const requireNovel = (db: DB, id: number, uid: number) => requireResource(db, "novel", id, uid, NOUN);
const toNovel = (origin: string, r: ResourceRow) => ({ ...toResourceItem(origin, r), kind: "novel" as const });

async function topNovels(db: DB, origin: string, uid: number, where: string, order: string, limit: number) {
  const rows = await db.all<ResourceRow>(`${resourceSelect(db)} WHERE i.kind = 'novel' AND i.hidden = 0 ${where} ORDER BY ${order} LIMIT @limit`, { uid, limit });
  return rows.map((r) => toNovel(origin, r));
}

export const home = defineHandler(novels.home, {
  auth: "guest",
  input: z.object({}),
  async handle({ db, origin, caller }) {
    const uid = caller.user.id;
    const hot = await topNovels(db, origin, uid, "", "i.view_count DESC, i.id DESC", 8);
    return {
      data: {
        banners: hot.slice(0, 3).map((n) => ({ id: n.id, title: n.title, img_url: n.cover, url: `/novel/detail?id=${n.id}` })),
        sections: [
          { id: 1, title: "热门小说", items: hot },
          { id: 2, title: "最近更新", items: await topNovels(db, origin, uid, "", "i.updated_at DESC, i.id DESC", 8) },
          { id: 3, title: "完结精选", items: await topNovels(db, origin, uid, "AND i.is_end = 1", "i.like_count DESC, i.id DESC", 8) },
        ],
      },
    };
  },
});

const listHandler = (call: typeof novels.list | typeof novels.findList) =>
  defineHandler(call, {
    auth: "guest",
    input: resourceListInput,
    handle: async ({ input, db, origin, caller }) => ({ data: await pageOfResources(db, origin, caller.user.id, "novel", input) }),
  });

export const list = listHandler(novels.list);
export const findList = listHandler(novels.findList);

export const findConf = defineHandler(novels.findConf, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  async handle({ db }) {
    const tags = await db.all<{ name: string }>(
      `SELECT t.name FROM item_tags it JOIN tags t ON t.id = it.tag_id JOIN items i ON i.id = it.item_id
       WHERE i.kind = 'novel' AND i.hidden = 0 GROUP BY t.id, t.name ORDER BY COUNT(*) DESC, t.id LIMIT 30`,
    );
    const filters: ResourceFilter[] = [
      { key: "is_end", name: "状态", options: [{ value: "", name: "全部" }, { value: "0", name: "连载中" }, { value: "1", name: "已完结" }] },
      { key: "tag", name: "标签", options: [{ value: "", name: "全部" }, ...tags.map((t) => ({ value: t.name, name: t.name }))] },
    ];
    return { data: filters };
  },
});

export const detail = defineHandler(novels.detail, {
  auth: "guest",
  input: novelId,
  async handle({ input, db, origin, caller }) {
    const data = await novelDetail(db, origin, caller, input.id);
    await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [input.id]);
    return { data: { ...data, view_count: data.view_count + 1 } };
  },
});

export const chaptersList = defineHandler(novels.chaptersList, {
  auth: "guest",
  input: novelId.extend({ ...pageInput.shape, limit: pageInput.shape.limit.default(50) }),
  handle: async ({ input, db, caller }) => ({ data: await pageOfChapters(db, caller, input.id, input.page, input.limit) }),
});

export const chapterDetail = defineHandler(novels.chapterDetail, {
  auth: "guest",
  input: z.object({ id: idInput("章节 id") }),
  handle: async ({ input, db, caller }) => ({ data: await novelChapter(db, caller, input.id) }),
});

export const recommend = defineHandler(novels.recommend, {
  auth: "guest",
  input: novelId,
  async handle({ input, db, origin, caller }) {
    await requireNovel(db, input.id, caller.user.id);
    const rows = await db.all<ResourceRow>(
      `${resourceSelect(db)} WHERE i.kind = 'novel' AND i.hidden = 0 AND i.id <> @id
       ORDER BY (SELECT COUNT(*) FROM item_tags a JOIN item_tags b ON b.tag_id = a.tag_id WHERE a.item_id = i.id AND b.item_id = @id) DESC, i.view_count DESC, i.id DESC
       LIMIT 6`,
      { id: input.id, uid: caller.user.id },
    );
    return { data: rows.map((r) => toNovel(origin, r)) };
  },
});

export const listFavorite = favoriteListHandler(novels.listFavorite, "novel");
export const listFollow = followListHandler(novels.listFollow, "novel");
const marks = itemMarkHandlers({ like: novels.like, favorite: novels.favorite }, "小说 id", requireNovel);
const thread = commentThread({ list: novels.comments, replies: novels.replies, like: novels.likeComment }, { item: "小说 id", comment: "评论 id" }, requireNovel);

export const comment = itemCommentHandler(novels.comment, novels.MAX_NOVEL_COMMENT, "小说 id", requireNovel);

const sales = bookSaleHandlers("novel", novels, { idName: "小说 id", book: "小说", charged: () => "购买成功" }, requireNovel);

/** Novels (issue 19): /api/novel/*. */
export const novelsHandlers: Handler[] = [
  home,
  list,
  findConf,
  findList,
  listFavorite,
  listFollow,
  detail,
  chaptersList,
  chapterDetail,
  recommend,
  ...marks,
  ...thread,
  comment,
  ...sales,
];
