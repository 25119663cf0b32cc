import { z } from "zod";
import { video } from "#gateway/api/index.ts";
import type { Comment } from "#gateway/api/content-types.ts";
import { requireVideo } from "#server/content/video.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, isoDate, paged, pageInput } from "#server/http/registry.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { personShown, PROFILE_MASKED } from "./profiles-shown.ts";
import { hiddenWords, HIDDEN_BY_REPORTS, removedWords, REMOVED } from "./report-review.ts";
import { clock } from "#server/clock.ts";

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
  hidden: number;
  profile_masked: number;
}

// A comment hidden by reports (decision 069) stays in its thread, its replies under it: only its words change for
// others. Its author's profile, hidden by reports, is masked the same way.
const COMMENT_SELECT = `
  SELECT c.id, c.content, c.user_id, u.nickname, u.username, u.avatar_url, c.like_count, c.reply_count, c.reply_to, c.created_at, c.hidden,
    ${PROFILE_MASKED} AS profile_masked,
    CASE WHEN EXISTS (SELECT 1 FROM comment_likes cl WHERE cl.user_id = @uid AND cl.comment_id = c.id) THEN 1 ELSE 0 END AS is_like
  FROM comments c JOIN users u ON u.id = c.user_id`;

/** A comment's words as `viewer` may read them. */
export function commentWords(r: { content: string; hidden: number; user_id: number }, viewer: number): string {
  if (Number(r.hidden) === REMOVED) return removedWords("comment");
  if (Number(r.hidden) === HIDDEN_BY_REPORTS && Number(r.user_id) !== viewer) return hiddenWords("comment");
  return r.content;
}

function toComment(origin: string, viewer: number, r: CommentRow): Comment {
  return {
    id: r.id,
    content: commentWords(r, viewer),
    user: personShown(origin, { id: r.user_id, nickname: r.nickname, username: r.username, avatar_url: r.avatar_url, profile_masked: r.profile_masked }),
    like_count: r.like_count,
    is_like: r.is_like ? 1 : 0,
    reply_count: r.reply_count,
    reply_to: r.reply_to,
    created_at: isoDate(r.created_at),
    hidden: Number(r.hidden),
  };
}

export async function listComments(db: DB, origin: string, uid: number, itemId: number, page: number, limit: number) {
  const total = (await db.value("SELECT COUNT(*) FROM comments WHERE item_id = ? AND reply_to IS NULL", [itemId]))!;
  const rows = (await db.all(`${COMMENT_SELECT} WHERE c.item_id = @item AND c.reply_to IS NULL ORDER BY c.id DESC LIMIT @limit OFFSET @offset`, {
    uid,
    item: itemId,
    limit,
    offset: (page - 1) * limit,
  })) as CommentRow[];
  return paged(rows.map((r) => toComment(origin, uid, r)), page, limit, total);
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
  return paged(rows.map((r) => toComment(origin, uid, r)), page, limit, total);
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
    const now = clock.now();
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
  return toComment(origin, uid, (await db.get(`${COMMENT_SELECT} WHERE c.id = @id`, { uid, id })) as CommentRow);
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

const id = idInput;
const paging = pageInput.shape;

export const comments = defineHandler(video.comments, {
  auth: "guest",
  input: z.object({ id: id("视频 id"), ...paging }),
  async handle({ input, db, origin, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    return { data: await listComments(db, origin, caller.user.id, input.id, input.page, input.limit) };
  },
});

export const replies = defineHandler(video.replies, {
  auth: "guest",
  input: z.object({ comment_id: id("评论 id"), ...paging }),
  handle: async ({ input, db, origin, caller }) => ({ data: await listReplies(db, origin, caller.user.id, input.comment_id, input.page, input.limit) }),
});

export const commentLike = defineHandler(video.commentLike, {
  auth: "member",
  input: z.object({ comment_id: id("评论 id") }),
  handle: async ({ input, db, caller }) => ({ data: await toggleCommentLike(db, caller.user.id, input.comment_id) }),
});

export const comment = defineHandler(video.comment, {
  auth: "member",
  input: z.object({
    id: id("视频 id"),
    content: z.string({ error: "请输入评论内容" }).trim().min(1, "请输入评论内容").max(video.MAX_COMMENT, `评论最多 ${video.MAX_COMMENT} 字`),
    reply_to: id("回复的评论 id").optional(),
  }),
  handle: async ({ input, db, origin, caller }) => ({ msg: "评论成功", data: await addComment(db, origin, caller.user.id, input.id, input.content, input.reply_to) }),
});

export const commentHandlers = [comments, replies, commentLike, comment];
