import { z } from "zod";
import { news } from "#gateway/api/index.ts";
import { commentThread } from "#server/community/comment-threads.ts";
import { addComment } from "#server/community/comments.ts";
import { toggleItemMark } from "#server/community/likes.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler, idInput, paged, pageInput, type Handler } from "#server/http/registry.ts";
import { buyNews } from "#server/wallet/circle-coins.ts";
import { newsSelect, requireNews, toNewsDetail, toNewsItem, type NewsRow } from "./articles.ts";

const id = idInput;
const articleId = z.object({ id: id("文章 id") });

export const categories = defineHandler(news.categories, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  handle: async ({ db }) => ({ data: await db.all("SELECT id, name FROM categories WHERE kind = 'news' ORDER BY sort, id") }),
});

export const tags = defineHandler(news.tags, {
  auth: "guest",
  input: z.object({ category_id: id("分类 id").optional() }),
  cacheMs: 60_000,
  async handle({ input, db }) {
    const rows = await db.all(
      `SELECT t.id, t.name, COUNT(*) AS count FROM item_tags it JOIN tags t ON t.id = it.tag_id JOIN items i ON i.id = it.item_id
       WHERE i.kind = 'news' AND i.hidden = 0 ${input.category_id ? "AND i.category_id = @category" : ""}
       GROUP BY t.id, t.name ORDER BY COUNT(*) DESC, t.id LIMIT 30`,
      { category: input.category_id ?? 0 },
    );
    return { data: rows.map((r) => ({ ...(r as { id: number; name: string }), count: Number((r as { count: number }).count) })) };
  },
});

async function pageOfNews(db: DB, origin: string, uid: number, opts: { where: string; params: Record<string, unknown>; from?: string; order?: string; page: number; limit: number }) {
  const from = opts.from ?? "";
  const where = `i.kind = 'news' AND i.hidden = 0 AND ${opts.where}`;
  const params = { uid, ...opts.params };
  const total = (await db.value<number>(`SELECT COUNT(*) FROM items i ${from} WHERE ${where}`, params))!;
  const rows = (await db.all(`${newsSelect(db)} ${from} WHERE ${where} ORDER BY ${opts.order ?? "i.created_at DESC, i.id DESC"} LIMIT @limit OFFSET @offset`, {
    ...params,
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
  })) as NewsRow[];
  return paged(rows.map((r) => toNewsItem(origin, r)), opts.page, opts.limit, Number(total));
}

export const list = defineHandler(news.list, {
  auth: "guest",
  input: z.object({
    category_id: id("分类 id").optional(),
    tag: z.string({ error: "标签应为文字" }).trim().max(news.MAX_NEWS_TAG, `标签最多 ${news.MAX_NEWS_TAG} 字`).optional(),
    ...pageInput.shape,
  }),
  async handle({ input, db, origin, caller }) {
    const where = [
      input.category_id ? "i.category_id = @category" : "",
      input.tag ? "EXISTS (SELECT 1 FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id AND t.name = @tag)" : "",
    ].filter(Boolean);
    return {
      data: await pageOfNews(db, origin, caller.user.id, { where: where.join(" AND ") || "1 = 1", params: { category: input.category_id ?? 0, tag: input.tag ?? "" }, page: input.page, limit: input.limit }),
    };
  },
});

export const detail = defineHandler(news.detail, {
  auth: "guest",
  input: articleId,
  async handle({ input, db, origin, settings, caller }) {
    const row = await requireNews(db, input.id, caller.user.id);
    await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [input.id]);
    return { data: toNewsDetail(origin, settings.mediaUrlSecret, { ...row, view_count: row.view_count + 1 }, caller.user, caller.isMember) };
  },
});

export const buy = defineHandler(news.buy, {
  auth: "member",
  input: articleId.extend({ request_id: z.string({ error: "request_id 应为文字" }).max(64, "request_id 最长 64 个字符").optional().default("") }),
  async handle({ input, db, origin, settings, caller }) {
    const r = await buyNews(db, caller.user.id, input.id, input.request_id);
    const row = await requireNews(db, input.id, caller.user.id);
    return {
      msg: r.charged ? "解锁成功" : "已购买过该文章",
      data: { charged: r.charged ? 1 : 0, coins_spent: r.coinsSpent, coins: r.user.coins, tickets: 0, news: toNewsDetail(origin, settings.mediaUrlSecret, row, r.user, true) },
    };
  },
});

export const favorite = defineHandler(news.favorite, {
  auth: "member",
  input: articleId.extend({ group_id: id("分组 id").optional() }),
  async handle({ input, db, caller }) {
    await requireNews(db, input.id, caller.user.id);
    const r = await toggleItemMark(db, caller.user.id, input.id, "favorites");
    return { msg: r.on ? "收藏成功" : "已取消收藏", data: { is_favorite: r.on, group_id: null } };
  },
});

export const myFavorites = defineHandler(news.myFavorites, {
  auth: "member",
  input: pageInput,
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfNews(db, origin, caller.user.id, {
      from: "JOIN favorites mf ON mf.item_id = i.id AND mf.user_id = @uid",
      where: "1 = 1",
      params: {},
      order: "mf.created_at DESC, i.id DESC",
      page: input.page,
      limit: input.limit,
    }),
  }),
});

const thread = commentThread({ list: news.comments, replies: news.replies, like: news.likeComment }, { item: "文章 id", comment: "评论 id" }, requireNews);

/** A comment's words: trimmed, 1 to `max` characters. */
export const commentText = (max: number) => z.string({ error: "请输入评论内容" }).trim().min(1, "请输入评论内容").max(max, `评论最多 ${max} 字`);

export const comment = defineHandler(news.comment, {
  auth: "member",
  input: articleId.extend({ content: commentText(news.MAX_NEWS_COMMENT), reply_to: id("回复的评论 id").optional() }),
  async handle({ input, db, origin, caller }) {
    await requireNews(db, input.id, caller.user.id);
    return { msg: "评论成功", data: await addComment(db, origin, caller.user.id, input.id, input.content, input.reply_to) };
  },
});

/** Scandal news (issue 20). */
export const newsHandlers: Handler[] = [categories, tags, list, detail, buy, favorite, myFavorites, ...thread, comment];
