import { z } from "zod";
import { accounts, video } from "#gateway/api/index.ts";
import type { FavoriteGroup } from "#gateway/api/content-types.ts";
import type { Endpoint } from "#gateway/client.ts";
import { pageOfCallersVideos, pageOfVideos, requireVideo, videoId } from "#server/content/video.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, pageInput } from "#server/http/registry.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { clock } from "#server/clock.ts";

/** Toggles a like (or a favourite) on an item. */
export async function toggleItemMark(db: DB, uid: number, itemId: number, mark: "likes" | "favorites") {
  const counter = mark === "likes" ? "like_count" : "favorite_count";
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    if (!(await db.get("SELECT 1 FROM items WHERE id = ?", [itemId]))) throw new ApiError(404, "视频不存在或已下架");
    const on = (await db.run(`DELETE FROM ${mark} WHERE user_id = ? AND item_id = ?`, [uid, itemId])) === 0;
    if (on) await db.run(`INSERT INTO ${mark} (user_id, item_id, created_at) VALUES (?, ?, ?)`, [uid, itemId, clock.now()]);
    const d = on ? 1 : -1;
    await db.run(`UPDATE items SET ${counter} = CASE WHEN ${counter} + ? > 0 THEN ${counter} + ? ELSE 0 END, hot = hot + ? WHERE id = ?`, [d, d, d * 3, itemId]);
    const count = (await db.value(`SELECT ${counter} FROM items WHERE id = ?`, [itemId]))!;
    return { on: on ? 1 : 0, count };
  });
}

export const like = defineHandler(video.like, {
  auth: "member",
  input: videoId,
  async handle({ input, db, caller }) {
    // A video's call likes videos only: other kinds have calls of their own, which check what may be liked.
    await requireVideo(db, input.id, caller.user.id);
    const r = await toggleItemMark(db, caller.user.id, input.id, "likes");
    return { msg: r.on ? "点赞成功" : "已取消点赞", data: { is_like: r.on, like_count: r.count } };
  },
});

const id = idInput;
const { MAX_FAVORITE_GROUP_NAME } = accounts;
const groupName = z.string({ error: "请输入分组名称" }).trim().min(1, "请输入分组名称").max(MAX_FAVORITE_GROUP_NAME, `分组名称最多 ${MAX_FAVORITE_GROUP_NAME} 个字`);
export const MAX_GROUPS = 20;

/** What a member's favourite groups are for: each kind has groups of its own (`favorite_groups.kind`). */
export type GroupKind = "video" | "comic";

const GROUP_SELECT = "SELECT g.id, g.name, (SELECT COUNT(*) FROM favorites f WHERE f.group_id = g.id) AS video_count FROM favorite_groups g";

async function groupOf(db: DB, uid: number, groupId: number, kind: GroupKind): Promise<FavoriteGroup> {
  const g = await db.get<FavoriteGroup>(`${GROUP_SELECT} WHERE g.id = ? AND g.user_id = ? AND g.kind = ?`, [groupId, uid, kind]);
  if (!g) throw new ApiError(404, "分组不存在");
  return g;
}

/**
 * Files an item into one of the member's groups of its kind, making it a favourite first; without a group it
 * toggles the favourite. The caller checked that the item exists and is of that kind.
 */
export async function fileFavorite(db: DB, uid: number, kind: GroupKind, itemId: number, groupId: number | undefined) {
  if (groupId === undefined) {
    const r = await toggleItemMark(db, uid, itemId, "favorites");
    return { msg: r.on ? "收藏成功" : "已取消收藏", data: { is_favorite: r.on, group_id: null } };
  }
  await groupOf(db, uid, groupId, kind);
  await db.transaction(async (db) => {
    if (!(await db.get("SELECT 1 FROM favorites WHERE user_id = ? AND item_id = ?", [uid, itemId]))) await toggleItemMark(db, uid, itemId, "favorites");
    await db.run("UPDATE favorites SET group_id = ? WHERE user_id = ? AND item_id = ?", [groupId, uid, itemId]);
  });
  return { msg: "已收藏到分组", data: { is_favorite: 1, group_id: groupId } };
}

export const favorite = defineHandler(video.favorite, {
  auth: "member",
  input: z.object({ id: id("视频 id"), group_id: idInput("分组 id").optional() }),
  async handle({ input, db, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    return await fileFavorite(db, caller.user.id, "video", input.id, input.group_id);
  },
});

export const myLikes = defineHandler(accounts.myLikes, {
  auth: "member",
  input: z.object({ group_id: idInput("分组 id").optional(), ...pageInput.shape }),
  async handle({ input, db, origin, caller }) {
    if (input.group_id !== undefined) await groupOf(db, caller.user.id, input.group_id, "video");
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

export const myPraised = defineHandler(accounts.myPraised, {
  auth: "member",
  input: pageInput,
  handle: async (ctx) => ({ data: await pageOfCallersVideos(ctx, "JOIN likes ml ON ml.item_id = i.id AND ml.user_id = @uid", "ml.created_at DESC, i.id DESC") }),
});

type GroupEndpoint<I> = Endpoint<I, unknown, unknown>;

/**
 * The four calls of a kind's favourite groups (list, create, rename, delete), each seeing only the member's
 * groups of that kind.
 */
export function favoriteGroupHandlers(
  kind: GroupKind,
  calls: { list: GroupEndpoint<void>; create: GroupEndpoint<{ name: string }>; update: GroupEndpoint<{ id: number; name: string }>; remove: GroupEndpoint<{ id: number }> },
) {
  return [
    defineHandler(calls.list, {
      auth: "member",
      input: z.object({}),
      handle: async ({ db, caller }) => ({ data: await db.all<FavoriteGroup>(`${GROUP_SELECT} WHERE g.user_id = ? AND g.kind = ? ORDER BY g.id`, [caller.user.id, kind]) }),
    }),
    defineHandler(calls.create, {
      auth: "member",
      input: z.object({ name: groupName }),
      async handle({ input, db, caller }) {
        const uid = caller.user.id;
        const groupId = await db.transaction(async (db) => {
          // The member's row is locked (PostgreSQL; SQLite's transaction holds the write lock): two creations at once
          // cannot both pass the count and the name checks.
          await db.get(`SELECT id FROM users WHERE id = ?${db.forUpdate}`, [uid]);
          if ((await db.value<number>("SELECT COUNT(*) FROM favorite_groups WHERE user_id = ? AND kind = ?", [uid, kind]))! >= MAX_GROUPS) throw new ApiError(400, `最多创建 ${MAX_GROUPS} 个分组`);
          if (await db.get("SELECT 1 FROM favorite_groups WHERE user_id = ? AND kind = ? AND name = ?", [uid, kind, input.name])) throw new ApiError(400, "已有同名分组");
          return await db.insert("INSERT INTO favorite_groups (user_id, kind, name, created_at) VALUES (?, ?, ?, ?)", [uid, kind, input.name, clock.now()]);
        });
        return { msg: "分组已创建", data: await groupOf(db, uid, groupId, kind) };
      },
    }),
    defineHandler(calls.update, {
      auth: "member",
      input: z.object({ id: id("分组 id"), name: groupName }),
      async handle({ input, db, caller }) {
        await groupOf(db, caller.user.id, input.id, kind);
        if (await db.get("SELECT 1 FROM favorite_groups WHERE user_id = ? AND kind = ? AND name = ? AND id != ?", [caller.user.id, kind, input.name, input.id])) throw new ApiError(400, "已有同名分组");
        await db.run("UPDATE favorite_groups SET name = ? WHERE id = ?", [input.name, input.id]);
        return { msg: "分组已更名", data: await groupOf(db, caller.user.id, input.id, kind) };
      },
    }),
    defineHandler(calls.remove, {
      auth: "member",
      input: z.object({ id: id("分组 id") }),
      async handle({ input, db, caller }) {
        await groupOf(db, caller.user.id, input.id, kind);
        // The items stay favourites, outside any group (ON DELETE SET NULL).
        await db.run("DELETE FROM favorite_groups WHERE id = ?", [input.id]);
        return { msg: "分组已删除", data: { ok: true } };
      },
    }),
  ];
}

const videoGroups = favoriteGroupHandlers("video", { list: accounts.likeGroups, create: accounts.createLikeGroup, update: accounts.updateLikeGroup, remove: accounts.deleteLikeGroup });

export const likeHandlers = [like, favorite, myLikes, myPraised, ...videoGroups];
