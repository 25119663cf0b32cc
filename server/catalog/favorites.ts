import { z } from "zod";
import { accounts, home, video } from "#gateway/api/index.ts";
import type { FavoriteGroup, Style } from "#gateway/api/content-types.ts";
import type { DB } from "../db/index.ts";
import { ApiError, defineHandler, idInput, pageInput, sortInput } from "../http/registry.ts";
import { toggleItemMark } from "./social.ts";
import { orderFor, pageOfVideos } from "./videos.ts";

const id = idInput;
const { MAX_FAVORITE_GROUP_NAME } = accounts;
const groupName = z.string({ error: "请输入分组名称" }).trim().min(1, "请输入分组名称").max(MAX_FAVORITE_GROUP_NAME, `分组名称最多 ${MAX_FAVORITE_GROUP_NAME} 个字`);
export const MAX_GROUPS = 20;

async function groupOf(db: DB, uid: number, groupId: number): Promise<FavoriteGroup> {
  const g = (await db.get("SELECT g.id, g.name, (SELECT COUNT(*) FROM favorites f WHERE f.group_id = g.id) AS video_count FROM favorite_groups g WHERE g.id = ? AND g.user_id = ?", [groupId, uid])) as FavoriteGroup | undefined;
  if (!g) throw new ApiError(404, "分组不存在");
  return g;
}

export const favorite = defineHandler(video.favorite, {
  auth: "member",
  input: z.object({ id: id("视频 id"), group_id: idInput("分组 id").optional() }),
  async handle({ input, db, caller }) {
    const uid = caller.user.id;
    if (input.group_id === undefined) {
      const r = await toggleItemMark(db, uid, input.id, "favorites");
      return { msg: r.on ? "收藏成功" : "已取消收藏", data: { is_favorite: r.on, group_id: null } };
    }
    await groupOf(db, uid, input.group_id);
    await db.transaction(async (db) => {
      if (!(await db.get("SELECT 1 FROM favorites WHERE user_id = ? AND item_id = ?", [uid, input.id]))) await toggleItemMark(db, uid, input.id, "favorites");
      await db.run("UPDATE favorites SET group_id = ? WHERE user_id = ? AND item_id = ?", [input.group_id, uid, input.id]);
    });
    return { msg: "已收藏到分组", data: { is_favorite: 1, group_id: input.group_id } };
  },
});

export const myLikes = defineHandler(accounts.myLikes, {
  auth: "member",
  input: z.object({ group_id: idInput("分组 id").optional(), ...pageInput.shape }),
  async handle({ input, db, origin, caller }) {
    if (input.group_id !== undefined) await groupOf(db, caller.user.id, input.group_id);
    return {
      data: await pageOfVideos(db, {
        from: "JOIN favorites mf ON mf.item_id = i.id AND mf.user_id = @uid",
        where: input.group_id === undefined ? "1 = 1" : "mf.group_id = @group",
        params: { group: input.group_id ?? 0 },
        order: "mf.created_at DESC, i.id DESC",
        page: input.page,
        limit: input.limit,
        origin,
        user: caller.user,
      }),
    };
  },
});

export const likeGroups = defineHandler(accounts.likeGroups, {
  auth: "member",
  input: z.object({}),
  handle: async ({ db, caller }) => ({
    data: await db.all<FavoriteGroup>(
      "SELECT g.id, g.name, (SELECT COUNT(*) FROM favorites f WHERE f.group_id = g.id) AS video_count FROM favorite_groups g WHERE g.user_id = ? ORDER BY g.id",
      [caller.user.id],
    ),
  }),
});

export const createLikeGroup = defineHandler(accounts.createLikeGroup, {
  auth: "member",
  input: z.object({ name: groupName }),
  async handle({ input, db, caller }) {
    const uid = caller.user.id;
    const groupId = await db.transaction(async (db) => {
      // The member's row is locked (PostgreSQL; SQLite's transaction holds the write lock): two creations at once
      // cannot both pass the count and the name checks.
      await db.get(`SELECT id FROM users WHERE id = ?${db.forUpdate}`, [uid]);
      if ((await db.value<number>("SELECT COUNT(*) FROM favorite_groups WHERE user_id = ?", [uid]))! >= MAX_GROUPS) throw new ApiError(400, `最多创建 ${MAX_GROUPS} 个分组`);
      if (await db.get("SELECT 1 FROM favorite_groups WHERE user_id = ? AND name = ?", [uid, input.name])) throw new ApiError(400, "已有同名分组");
      return await db.insert("INSERT INTO favorite_groups (user_id, name, created_at) VALUES (?, ?, ?)", [uid, input.name, Date.now()]);
    });
    return { msg: "分组已创建", data: await groupOf(db, uid, groupId) };
  },
});

export const updateLikeGroup = defineHandler(accounts.updateLikeGroup, {
  auth: "member",
  input: z.object({ id: id("分组 id"), name: groupName }),
  async handle({ input, db, caller }) {
    await groupOf(db, caller.user.id, input.id);
    if (await db.get("SELECT 1 FROM favorite_groups WHERE user_id = ? AND name = ? AND id != ?", [caller.user.id, input.name, input.id])) throw new ApiError(400, "已有同名分组");
    await db.run("UPDATE favorite_groups SET name = ? WHERE id = ?", [input.name, input.id]);
    return { msg: "分组已更名", data: await groupOf(db, caller.user.id, input.id) };
  },
});

export const deleteLikeGroup = defineHandler(accounts.deleteLikeGroup, {
  auth: "member",
  input: z.object({ id: id("分组 id") }),
  async handle({ input, db, caller }) {
    await groupOf(db, caller.user.id, input.id);
    // The videos stay favourites, outside any group (ON DELETE SET NULL).
    await db.run("DELETE FROM favorite_groups WHERE id = ?", [input.id]);
    return { msg: "分组已删除", data: { ok: true } };
  },
});

export const styles = defineHandler(home.styles, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 10_000,
  handle: async ({ db }) => ({ data: await db.all<Style>("SELECT id, name, section FROM categories WHERE kind = 'video' ORDER BY section DESC, sort, id") }),
});

export const hotTags = defineHandler(home.hotTags, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 10_000,
  handle: async ({ db }) => ({
    data: await db.all<{ name: string; video_count: number }>(
      "SELECT t.name, COUNT(*) AS video_count FROM item_tags it JOIN tags t ON t.id = it.tag_id JOIN items i ON i.id = it.item_id WHERE i.kind = 'video' GROUP BY t.id, t.name ORDER BY SUM(i.hot) DESC LIMIT 16",
    ),
  }),
});

export const byStyle = defineHandler(home.byStyle, {
  auth: "guest",
  input: z.object({ style_id: id("分类 id"), sort: sortInput, ...pageInput.shape }),
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfVideos(db, { where: "i.category_id = @style", params: { style: input.style_id }, order: orderFor(input.sort), page: input.page, limit: input.limit, origin, user: caller.user }),
  }),
});

export const byTags = defineHandler(home.byTags, {
  auth: "guest",
  input: z.object({ tags: z.string({ error: "请选择标签" }).trim().min(1, "请选择标签").max(home.MAX_TAGS_TEXT, "标签过多"), ...pageInput.shape }),
  async handle({ input, db, origin, caller }) {
    const names = [...new Set(input.tags.split(",").map((t) => t.trim()).filter(Boolean))].slice(0, 10);
    return {
      data: await pageOfVideos(db, {
        // An array expands to a list (`?, ?, …`); an empty one matches nothing.
        where: "i.id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.name IN (@names))",
        params: { names },
        order: orderFor("new"),
        page: input.page,
        limit: input.limit,
        origin,
        user: caller.user,
      }),
    };
  },
});

export const favoriteHandlers = [favorite, myLikes, likeGroups, createLikeGroup, updateLikeGroup, deleteLikeGroup, styles, hotTags, byStyle, byTags];
