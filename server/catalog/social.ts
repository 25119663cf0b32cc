import { z } from "zod";
import type { Comment, CreatorCard } from "#gateway/api/content-types.ts";
import { MAX_REPORT_TEXT } from "#gateway/api/video.ts";
import type { DB } from "../db/index.ts";
import { sql } from "../db/prepared.ts";
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
    EXISTS (SELECT 1 FROM comment_likes cl WHERE cl.user_id = @uid AND cl.comment_id = c.id) AS is_like
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

export function listComments(db: DB, origin: string, uid: number, itemId: number, page: number, limit: number) {
  const total = sql(db, "SELECT COUNT(*) FROM comments WHERE item_id = ? AND reply_to IS NULL").pluck().get(itemId) as number;
  const rows = sql(db, `${COMMENT_SELECT} WHERE c.item_id = @item AND c.reply_to IS NULL ORDER BY c.id DESC LIMIT @limit OFFSET @offset`).all({
    uid,
    item: itemId,
    limit,
    offset: (page - 1) * limit,
  }) as CommentRow[];
  return paged(rows.map((r) => toComment(origin, r)), page, limit, total);
}

export function listReplies(db: DB, origin: string, uid: number, commentId: number, page: number, limit: number) {
  if (!sql(db, "SELECT 1 FROM comments WHERE id = ?").get(commentId)) throw new ApiError(404, "评论不存在或已删除");
  const total = sql(db, "SELECT COUNT(*) FROM comments WHERE reply_to = ?").pluck().get(commentId) as number;
  const rows = sql(db, `${COMMENT_SELECT} WHERE c.reply_to = @parent ORDER BY c.id LIMIT @limit OFFSET @offset`).all({
    uid,
    parent: commentId,
    limit,
    offset: (page - 1) * limit,
  }) as CommentRow[];
  return paged(rows.map((r) => toComment(origin, r)), page, limit, total);
}

/** How long the same comment posted again counts as the first one (a double tap, a retried request). */
export const REPEAT_WINDOW_MS = 10_000;

export function addComment(db: DB, origin: string, uid: number, itemId: number, content: string, replyTo?: number): Comment {
  const id = db.transaction(() => {
    if (!sql(db, "SELECT 1 FROM items WHERE id = ?").get(itemId)) throw new ApiError(404, "视频不存在或已下架");
    if (replyTo !== undefined) {
      const parent = sql(db, "SELECT item_id, reply_to FROM comments WHERE id = ?").get(replyTo) as { item_id: number; reply_to: number | null } | undefined;
      if (!parent || parent.item_id !== itemId) throw new ApiError(400, "回复的评论不存在");
      // Replies to a reply belong to the same thread.
      replyTo = parent.reply_to ?? replyTo;
    }
    const now = Date.now();
    // A double tap or a retried request: the same words just posted in the same place are that comment.
    const same = sql(db, "SELECT id FROM comments WHERE user_id = ? AND item_id = ? AND reply_to IS ? AND content = ? AND created_at > ? ORDER BY id DESC LIMIT 1")
      .pluck()
      .get(uid, itemId, replyTo ?? null, content, now - REPEAT_WINDOW_MS) as number | undefined;
    if (same !== undefined) return same;
    if (replyTo !== undefined) sql(db, "UPDATE comments SET reply_count = reply_count + 1 WHERE id = ?").run(replyTo);
    const info = sql(db, "INSERT INTO comments (item_id, user_id, reply_to, content, created_at) VALUES (?, ?, ?, ?, ?)").run(itemId, uid, replyTo ?? null, content, now);
    sql(db, "UPDATE items SET comment_count = comment_count + 1 WHERE id = ?").run(itemId);
    return Number(info.lastInsertRowid);
  })();
  return toComment(origin, sql(db, `${COMMENT_SELECT} WHERE c.id = @id`).get({ uid, id }) as CommentRow);
}

/** A report's words, for a video or a headline. */
export const reportText = z.string({ error: "说明应为文字" }).trim().max(MAX_REPORT_TEXT, `说明最多 ${MAX_REPORT_TEXT} 字`).optional().default("");

/**
 * One report per member and item (a video, a headline): reporting it again (a double tap, a second thought)
 * changes the reason. True when it was reported before.
 */
export function reportItem(db: DB, uid: number, itemId: number, typeId: number, content: string): boolean {
  if (!sql(db, "SELECT 1 FROM report_types WHERE id = ?").get(typeId)) throw new ApiError(400, "举报类型无效");
  return db.transaction(() => {
    const now = Date.now();
    const again = sql(db, "UPDATE reports SET type_id = ?, content = ?, created_at = ? WHERE user_id = ? AND item_id = ?").run(typeId, content, now, uid, itemId).changes > 0;
    if (!again) sql(db, "INSERT INTO reports (user_id, item_id, type_id, content, created_at) VALUES (?, ?, ?, ?, ?)").run(uid, itemId, typeId, content, now);
    return again;
  })();
}

/** Toggles a like on a comment; the count follows. */
export function toggleCommentLike(db: DB, uid: number, commentId: number) {
  return db.transaction(() => {
    if (!sql(db, "SELECT 1 FROM comments WHERE id = ?").get(commentId)) throw new ApiError(404, "评论不存在");
    const liked = sql(db, "DELETE FROM comment_likes WHERE user_id = ? AND comment_id = ?").run(uid, commentId).changes === 0;
    if (liked) sql(db, "INSERT INTO comment_likes (user_id, comment_id) VALUES (?, ?)").run(uid, commentId);
    sql(db, "UPDATE comments SET like_count = MAX(0, like_count + ?) WHERE id = ?").run(liked ? 1 : -1, commentId);
    const like_count = sql(db, "SELECT like_count FROM comments WHERE id = ?").pluck().get(commentId) as number;
    return { is_like: liked ? 1 : 0, like_count };
  })();
}

/** Toggles a like (or a favourite) on an item. */
export function toggleItemMark(db: DB, uid: number, itemId: number, mark: "likes" | "favorites") {
  const counter = mark === "likes" ? "like_count" : "favorite_count";
  return db.transaction(() => {
    if (!sql(db, "SELECT 1 FROM items WHERE id = ?").get(itemId)) throw new ApiError(404, "视频不存在或已下架");
    const on = sql(db, `DELETE FROM ${mark} WHERE user_id = ? AND item_id = ?`).run(uid, itemId).changes === 0;
    if (on) sql(db, `INSERT INTO ${mark} (user_id, item_id, created_at) VALUES (?, ?, ?)`).run(uid, itemId, Date.now());
    sql(db, `UPDATE items SET ${counter} = MAX(0, ${counter} + ?), hot = hot + ? WHERE id = ?`).run(on ? 1 : -1, on ? 3 : -3, itemId);
    const count = sql(db, `SELECT ${counter} FROM items WHERE id = ?`).pluck().get(itemId) as number;
    return { on: on ? 1 : 0, count };
  })();
}

export function toggleFollow(db: DB, uid: number, target: number) {
  if (uid === target) throw new ApiError(400, "不能关注自己");
  return db.transaction(() => {
    if (!sql(db, `SELECT 1 FROM users u WHERE u.id = ? AND ${IS_PERSON}`).get(target)) throw new ApiError(404, "用户不存在");
    const on = sql(db, "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?").run(uid, target).changes === 0;
    if (on) sql(db, "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)").run(uid, target, Date.now());
    const d = on ? 1 : -1;
    sql(db, "UPDATE users SET fans_count = MAX(0, fans_count + ?) WHERE id = ?").run(d, target);
    sql(db, "UPDATE users SET followed_count = MAX(0, followed_count + ?) WHERE id = ?").run(d, uid);
    const fans_count = sql(db, "SELECT fans_count FROM users WHERE id = ?").pluck().get(target) as number;
    return { is_attention: on ? 1 : 0, fans_count };
  })();
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
    EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = @uid AND f.followee_id = u.id) AS is_attention
  FROM users u`;

/** Creators matching `where` (on `u`), most followed first, with the offset of the page for ranks. */
export function pageOfCreators(db: DB, uid: number, where: string, params: Record<string, unknown>, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const total = sql(db, `SELECT COUNT(*) FROM users u WHERE u.is_creator = 1 AND ${where}`).pluck().get(params) as number;
  const rows = sql(db, `${PERSON_SELECT} WHERE u.is_creator = 1 AND ${where} ORDER BY u.fans_count DESC, u.id LIMIT @limit OFFSET @offset`).all({
    ...params,
    uid,
    limit,
    offset,
  }) as PersonRow[];
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

export function personById(db: DB, uid: number, id: number): PersonRow | undefined {
  return sql(db, `${PERSON_SELECT} WHERE u.id = @id AND ${IS_PERSON}`).get({ uid, id }) as PersonRow | undefined;
}

/** Followers or followees of `who`, newest first. */
export function listPeople(db: DB, origin: string, uid: number, who: number, direction: "following" | "fans", page: number, limit: number) {
  const [mine, theirs] = direction === "following" ? ["follower_id", "followee_id"] : ["followee_id", "follower_id"];
  const total = sql(db, `SELECT COUNT(*) FROM follows WHERE ${mine} = ?`).pluck().get(who) as number;
  const rows = sql(db, `${PERSON_SELECT} JOIN follows fw ON fw.${theirs} = u.id WHERE fw.${mine} = @who ORDER BY fw.created_at DESC LIMIT @limit OFFSET @offset`).all({
    uid,
    who,
    limit,
    offset: (page - 1) * limit,
  }) as PersonRow[];
  return paged(rows.map((r) => toCard(origin, r)), page, limit, total);
}
