import { z } from "zod";
import type { Comment, CreatorCard } from "#gateway/api/content-types.ts";
import { MAX_REPORT_TEXT } from "#gateway/api/video.ts";
import type { DB } from "../db/index.ts";
import { ApiError, isoDate, paged } from "../http/registry.ts";
import { avatarUrl } from "./media.ts";

interface CommentRow {
  id: number;
  content: string;
  user_id: number;
  nickname: string;
  username: string;
  avatar_url: string;
  like_count: number;
  is_like: number;
  reply_count: number;
  reply_to: number | null;
  created_at: number;
}

const COMMENT_SELECT = `
  SELECT c.id, c.content, c.user_id, u.nickname, u.username, u.avatar_url, c.like_count, c.reply_count, c.reply_to, c.created_at,
    CASE WHEN EXISTS (SELECT 1 FROM comment_likes cl WHERE cl.user_id = @uid AND cl.comment_id = c.id) THEN 1 ELSE 0 END AS is_like
  FROM comments c JOIN users u ON u.id = c.user_id`;

function toComment(origin: string, r: CommentRow): Comment {
  return {
    id: r.id,
    content: r.content,
    user: { uid: r.user_id, nickname: r.nickname || r.username, avatar_url: avatarUrl(origin, { id: r.user_id, avatar_url: r.avatar_url }) },
    like_count: r.like_count,
    is_like: r.is_like ? 1 : 0,
    reply_count: r.reply_count,
    reply_to: r.reply_to,
    created_at: isoDate(r.created_at),
  };
}

/**
 * Makes a member's check-then-write steps (is this a repeat? is it liked?) run one at a time: on PostgreSQL,
 * READ COMMITTED lets two transactions check before either writes, so the member's row is locked first, as
 * money does (decision 028). SQLite's transactions already take the write lock when they begin.
 */
async function oneAtATime(db: DB, uid: number): Promise<void> {
  await db.get(`SELECT id FROM users WHERE id = ?${db.forUpdate}`, [uid]);
}

export async function listComments(db: DB, origin: string, uid: number, itemId: number, page: number, limit: number) {
  const total = (await db.value("SELECT COUNT(*) FROM comments WHERE item_id = ? AND reply_to IS NULL", [itemId]))!;
  const rows = (await db.all(`${COMMENT_SELECT} WHERE c.item_id = @item AND c.reply_to IS NULL ORDER BY c.id DESC LIMIT @limit OFFSET @offset`, {
    uid,
    item: itemId,
    limit,
    offset: (page - 1) * limit,
  })) as CommentRow[];
  return paged(rows.map((r) => toComment(origin, r)), page, limit, total);
}

export async function listReplies(db: DB, origin: string, uid: number, commentId: number, page: number, limit: number) {
  if (!(await db.get("SELECT 1 FROM comments WHERE id = ?", [commentId]))) throw new ApiError(404, "评论不存在或已删除");
  const total = (await db.value("SELECT COUNT(*) FROM comments WHERE reply_to = ?", [commentId]))!;
  const rows = (await db.all(`${COMMENT_SELECT} WHERE c.reply_to = @parent ORDER BY c.id LIMIT @limit OFFSET @offset`, {
    uid,
    parent: commentId,
    limit,
    offset: (page - 1) * limit,
  })) as CommentRow[];
  return paged(rows.map((r) => toComment(origin, r)), page, limit, total);
}

/** How long the same comment posted again counts as the first one (a double tap, a retried request). */
export const REPEAT_WINDOW_MS = 10_000;

export async function addComment(db: DB, origin: string, uid: number, itemId: number, content: string, replyTo?: number): Promise<Comment> {
  const id = await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    if (!(await db.get("SELECT 1 FROM items WHERE id = ?", [itemId]))) throw new ApiError(404, "视频不存在或已下架");
    if (replyTo !== undefined) {
      const parent = (await db.get("SELECT item_id, reply_to FROM comments WHERE id = ?", [replyTo])) as { item_id: number; reply_to: number | null } | undefined;
      if (!parent || parent.item_id !== itemId) throw new ApiError(400, "回复的评论不存在");
      // Replies to a reply belong to the same thread.
      replyTo = parent.reply_to ?? replyTo;
    }
    const now = Date.now();
    // A double tap or a retried request: the same words just posted in the same place are that comment.
    // (`reply_to IS ?` is SQLite's; PostgreSQL compares with NULL only as `IS NULL`.)
    const same =
      replyTo === undefined
        ? await db.value("SELECT id FROM comments WHERE user_id = ? AND item_id = ? AND reply_to IS NULL AND content = ? AND created_at > ? ORDER BY id DESC LIMIT 1", [uid, itemId, content, now - REPEAT_WINDOW_MS])
        : await db.value("SELECT id FROM comments WHERE user_id = ? AND item_id = ? AND reply_to = ? AND content = ? AND created_at > ? ORDER BY id DESC LIMIT 1", [uid, itemId, replyTo, content, now - REPEAT_WINDOW_MS]);
    if (same !== undefined) return same;
    if (replyTo !== undefined) await db.run("UPDATE comments SET reply_count = reply_count + 1 WHERE id = ?", [replyTo]);
    const id = await db.insert("INSERT INTO comments (item_id, user_id, reply_to, content, created_at) VALUES (?, ?, ?, ?, ?)", [itemId, uid, replyTo ?? null, content, now]);
    await db.run("UPDATE items SET comment_count = comment_count + 1 WHERE id = ?", [itemId]);
    return id;
  });
  return toComment(origin, (await db.get(`${COMMENT_SELECT} WHERE c.id = @id`, { uid, id })) as CommentRow);
}

/** A report's words, for a video or a headline. */
export const reportText = z.string({ error: "说明应为文字" }).trim().max(MAX_REPORT_TEXT, `说明最多 ${MAX_REPORT_TEXT} 字`).optional().default("");

/**
 * One report per member and item (a video, a headline): reporting it again (a double tap, a second thought)
 * changes the reason. True when it was reported before.
 */
export async function reportItem(db: DB, uid: number, itemId: number, typeId: number, content: string): Promise<boolean> {
  if (!(await db.get("SELECT 1 FROM report_types WHERE id = ?", [typeId]))) throw new ApiError(400, "举报类型无效");
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    const now = Date.now();
    const again = (await db.run("UPDATE reports SET type_id = ?, content = ?, created_at = ? WHERE user_id = ? AND item_id = ?", [typeId, content, now, uid, itemId])) > 0;
    if (!again) await db.run("INSERT INTO reports (user_id, item_id, type_id, content, created_at) VALUES (?, ?, ?, ?, ?)", [uid, itemId, typeId, content, now]);
    return again;
  });
}

/** Toggles a like on a comment; the count follows. */
export async function toggleCommentLike(db: DB, uid: number, commentId: number) {
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    if (!(await db.get("SELECT 1 FROM comments WHERE id = ?", [commentId]))) throw new ApiError(404, "评论不存在");
    const liked = (await db.run("DELETE FROM comment_likes WHERE user_id = ? AND comment_id = ?", [uid, commentId])) === 0;
    if (liked) await db.run("INSERT INTO comment_likes (user_id, comment_id) VALUES (?, ?)", [uid, commentId]);
    const d = liked ? 1 : -1;
    await db.run("UPDATE comments SET like_count = CASE WHEN like_count + ? > 0 THEN like_count + ? ELSE 0 END WHERE id = ?", [d, d, commentId]);
    const like_count = (await db.value("SELECT like_count FROM comments WHERE id = ?", [commentId]))!;
    return { is_like: liked ? 1 : 0, like_count };
  });
}

/** Toggles a like (or a favourite) on an item. */
export async function toggleItemMark(db: DB, uid: number, itemId: number, mark: "likes" | "favorites") {
  const counter = mark === "likes" ? "like_count" : "favorite_count";
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    if (!(await db.get("SELECT 1 FROM items WHERE id = ?", [itemId]))) throw new ApiError(404, "视频不存在或已下架");
    const on = (await db.run(`DELETE FROM ${mark} WHERE user_id = ? AND item_id = ?`, [uid, itemId])) === 0;
    if (on) await db.run(`INSERT INTO ${mark} (user_id, item_id, created_at) VALUES (?, ?, ?)`, [uid, itemId, Date.now()]);
    const d = on ? 1 : -1;
    await db.run(`UPDATE items SET ${counter} = CASE WHEN ${counter} + ? > 0 THEN ${counter} + ? ELSE 0 END, hot = hot + ? WHERE id = ?`, [d, d, d * 3, itemId]);
    const count = (await db.value(`SELECT ${counter} FROM items WHERE id = ?`, [itemId]))!;
    return { on: on ? 1 : 0, count };
  });
}

export async function toggleFollow(db: DB, uid: number, target: number) {
  if (uid === target) throw new ApiError(400, "不能关注自己");
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    if (!(await db.get(`SELECT 1 FROM users u WHERE u.id = ? AND ${IS_PERSON}`, [target]))) throw new ApiError(404, "用户不存在");
    const on = (await db.run("DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", [uid, target])) === 0;
    if (on) await db.run("INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)", [uid, target, Date.now()]);
    const d = on ? 1 : -1;
    await db.run("UPDATE users SET fans_count = CASE WHEN fans_count + ? > 0 THEN fans_count + ? ELSE 0 END WHERE id = ?", [d, d, target]);
    await db.run("UPDATE users SET followed_count = CASE WHEN followed_count + ? > 0 THEN followed_count + ? ELSE 0 END WHERE id = ?", [d, d, uid]);
    const fans_count = (await db.value("SELECT fans_count FROM users WHERE id = ?", [target]))!;
    return { is_attention: on ? 1 : 0, fans_count };
  });
}

interface PersonRow {
  id: number;
  nickname: string;
  username: string;
  avatar_url: string;
  intro: string;
  fans_count: number;
  followed_count: number;
  likes_count: number;
  video_count: number;
  is_attention: number;
  is_creator: number;
}

/** A person (on `u`): a registered member or a creator, not a guest device. */
const IS_PERSON = "(u.phone IS NOT NULL OR u.is_creator = 1)";

export const PERSON_SELECT = `
  SELECT u.id, u.nickname, u.username, u.avatar_url, u.intro, u.fans_count, u.followed_count, u.likes_count, u.is_creator,
    (SELECT COUNT(*) FROM items i WHERE i.creator_id = u.id AND i.kind = 'video') AS video_count,
    CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = @uid AND f.followee_id = u.id) THEN 1 ELSE 0 END AS is_attention
  FROM users u`;

/** Creators matching `where` (on `u`), most followed first, with the offset of the page for ranks. */
export async function pageOfCreators(db: DB, uid: number, where: string, params: Record<string, unknown>, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const total = (await db.value(`SELECT COUNT(*) FROM users u WHERE u.is_creator = 1 AND ${where}`, params))!;
  const rows = (await db.all(`${PERSON_SELECT} WHERE u.is_creator = 1 AND ${where} ORDER BY u.fans_count DESC, u.id LIMIT @limit OFFSET @offset`, {
    ...params,
    uid,
    limit,
    offset,
  })) as PersonRow[];
  return { rows, total, offset };
}

export function toCard(origin: string, r: PersonRow): CreatorCard & { followed_count: number; likes_count: number } {
  return {
    uid: r.id,
    nickname: r.nickname || r.username,
    avatar_url: avatarUrl(origin, r),
    is_attention: r.is_attention ? 1 : 0,
    intro: r.intro,
    fans_count: r.fans_count,
    video_count: r.video_count,
    is_creator: r.is_creator ? 1 : 0,
    followed_count: r.followed_count,
    likes_count: r.likes_count,
  };
}

export async function personById(db: DB, uid: number, id: number): Promise<PersonRow | undefined> {
  return (await db.get(`${PERSON_SELECT} WHERE u.id = @id AND ${IS_PERSON}`, { uid, id })) as PersonRow | undefined;
}

/** Followers or followees of `who`, newest first. */
export async function listPeople(db: DB, origin: string, uid: number, who: number, direction: "following" | "fans", page: number, limit: number) {
  const [mine, theirs] = direction === "following" ? ["follower_id", "followee_id"] : ["followee_id", "follower_id"];
  const total = (await db.value(`SELECT COUNT(*) FROM follows WHERE ${mine} = ?`, [who]))!;
  const rows = (await db.all(`${PERSON_SELECT} JOIN follows fw ON fw.${theirs} = u.id WHERE fw.${mine} = @who ORDER BY fw.created_at DESC LIMIT @limit OFFSET @offset`, {
    uid,
    who,
    limit,
    offset: (page - 1) * limit,
  })) as PersonRow[];
  return paged(rows.map((r) => toCard(origin, r)), page, limit, total);
}
