import { z } from "zod";
import { accounts, creators, home } from "#gateway/api/index.ts";
import type { ClubInfo, ClubPrivilege, Compilation, CreatorRankEntry, FanRankEntry, Headline, HeadlineDetail, ImageRef } from "#gateway/api/content-types.ts";
import type { UserRow } from "../accounts/users.ts";
import type { DB } from "../db/index.ts";
import { ApiError, defineHandler, idInput, isoDate, paged, pageInput } from "../http/registry.ts";
import { pageOfSeries, toCompilation } from "./discovery.ts";
import { avatarUrl, coverUrl, encImageUrl } from "./media.ts";
import { joinClubPaying } from "./purchases.ts";
import { addComment, listComments, listReplies, pageOfCreators, reportItem, reportText, toCard, toggleCommentLike, toggleItemMark } from "./social.ts";
import { orderFor, pageOfVideos } from "./videos.ts";

const id = idInput;
const creatorInput = z.object({ uid: id("创作者 id") });
const creatorPage = z.object({ uid: id("创作者 id"), ...pageInput.shape });
type Ctx<I> = { input: I; db: DB; origin: string; caller: { user: UserRow; isMember: boolean } };

async function requireCreator(db: DB, uid: number) {
  if (!(await db.get("SELECT 1 FROM users WHERE id = ? AND is_creator = 1", [uid]))) throw new ApiError(404, "创作者不存在");
}

function creatorVideos(where: string, sort: string) {
  return async ({ input, db, origin, caller }: Ctx<z.infer<typeof creatorPage>>) => {
    await requireCreator(db, input.uid);
    return { data: await pageOfVideos(db, { where: `i.creator_id = @creator AND ${where}`, params: { creator: input.uid }, order: orderFor(sort), page: input.page, limit: input.limit, origin, user: caller.user }) };
  };
}

export const featured = defineHandler(creators.featured, { auth: "guest", input: creatorPage, handle: creatorVideos("1 = 1", "hot") });
export const small = defineHandler(creators.small, { auth: "guest", input: creatorPage, handle: creatorVideos("i.cover_ratio = '9X16'", "new") });
export const clubVideos = defineHandler(home.clubVideos, { auth: "guest", input: creatorPage, handle: creatorVideos("i.vip_free = 1", "new") });

export const compilations = defineHandler(creators.compilations, {
  auth: "guest",
  input: creatorInput,
  async handle({ input, db, origin }) {
    await requireCreator(db, input.uid);
    const { rows } = await pageOfSeries(db, "s.creator_id = @creator", { creator: input.uid }, 1, 50);
    return { data: rows.map((r) => toCompilation(origin, r)) satisfies Compilation[] };
  },
});

// Headlines are items of kind `post`; their comments and likes use the same tables as videos.
interface PostRow {
  id: number;
  title: string;
  description: string;
  like_count: number;
  comment_count: number;
  created_at: number;
  creator_id: number;
  nickname: string;
  avatar_url: string;
  is_like: number;
  is_attention: number;
  quote_id: number | null;
  quote_title: string | null;
  quote_seed: string | null;
  quote_ratio: string | null;
}

const POST_SELECT = `
  SELECT i.id, i.title, i.description, i.like_count, i.comment_count, i.created_at, i.creator_id, u.nickname, u.avatar_url,
    q.id AS quote_id, q.title AS quote_title, q.cover_seed AS quote_seed, q.cover_ratio AS quote_ratio,
    CASE WHEN EXISTS (SELECT 1 FROM likes l WHERE l.user_id = @uid AND l.item_id = i.id) THEN 1 ELSE 0 END AS is_like,
    CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = @uid AND f.followee_id = i.creator_id) THEN 1 ELSE 0 END AS is_attention
  FROM items i JOIN users u ON u.id = i.creator_id LEFT JOIN items q ON q.id = i.quote_item_id WHERE i.kind = 'post'`;

/** The images of each post, in order: one query for a page of posts. */
async function imagesOf(db: DB, origin: string, itemIds: number[]): Promise<Map<number, ImageRef[]>> {
  const rows = await db.all<{ item_id: number; seed: string; ratio: string }>("SELECT item_id, seed, ratio FROM item_images WHERE item_id IN (@ids) ORDER BY item_id, seq", {
    ids: itemIds,
  });
  const images = new Map<number, ImageRef[]>(itemIds.map((id) => [id, []]));
  for (const r of rows) {
    const [w, h] = r.ratio.split("X").map(Number) as [number, number];
    images.get(r.item_id)?.push({ url: encImageUrl(origin, r.seed, 360, Math.round((360 * h) / w)), ratio: r.ratio });
  }
  return images;
}

function toHeadline(origin: string, r: PostRow, images: ImageRef[]): Headline {
  return {
    id: r.id,
    title: r.title,
    excerpt: r.description.length > 60 ? `${r.description.slice(0, 60)}…` : r.description,
    images,
    like_count: r.like_count,
    comment_count: r.comment_count,
    is_like: r.is_like ? 1 : 0,
    creator: { uid: r.creator_id, nickname: r.nickname, avatar_url: avatarUrl(origin, { id: r.creator_id, avatar_url: r.avatar_url }), is_attention: r.is_attention ? 1 : 0 },
    quote: r.quote_id ? { id: r.quote_id, title: r.quote_title ?? "", cover: coverUrl(origin, r.quote_seed ?? "", r.quote_ratio ?? "16X9", ""), cover_ratio: r.quote_ratio ?? "16X9" } : null,
    created_at: isoDate(r.created_at),
  };
}

/** Posts by `creator`, newest first, as `viewer` sees them. */
async function pageOfPosts(db: DB, origin: string, viewer: number, creator: number, page: number, limit: number) {
  const total = (await db.value<number>("SELECT COUNT(*) FROM items WHERE kind = 'post' AND creator_id = ?", [creator]))!;
  const rows = (await db.all(`${POST_SELECT} AND i.creator_id = @creator ORDER BY i.created_at DESC, i.id DESC LIMIT @limit OFFSET @offset`, {
    uid: viewer,
    creator,
    limit,
    offset: (page - 1) * limit,
  })) as PostRow[];
  const images = await imagesOf(db, origin, rows.map((r) => r.id));
  return paged(
    rows.map((r) => toHeadline(origin, r, images.get(r.id) ?? [])),
    page,
    limit,
    total,
  );
}

async function requirePost(db: DB, uid: number, postId: number): Promise<PostRow> {
  const row = (await db.get(`${POST_SELECT} AND i.id = @id`, { uid, id: postId })) as PostRow | undefined;
  if (!row) throw new ApiError(404, "头条不存在或已删除");
  return row;
}

export const headlines = defineHandler(creators.headlines, {
  auth: "guest",
  input: creatorPage,
  async handle({ input, db, origin, caller }) {
    await requireCreator(db, input.uid);
    return { data: await pageOfPosts(db, origin, caller.user.id, input.uid, input.page, input.limit) };
  },
});

/** The caller's own headlines and circle posts (a community unlock writes one), newest first. */
export const myHeadlines = defineHandler(accounts.myHeadlines, {
  auth: "member",
  input: pageInput,
  handle: async ({ input, db, origin, caller }) => ({ data: await pageOfPosts(db, origin, caller.user.id, caller.user.id, input.page, input.limit) }),
});

export const reportHeadline = defineHandler(home.reportHeadline, {
  auth: "member",
  input: z.object({ id: id("头条 id"), type_id: id("举报类型"), content: reportText }),
  async handle({ input, db, caller }) {
    await requirePost(db, caller.user.id, input.id);
    const again = await reportItem(db, caller.user.id, input.id, input.type_id, input.content);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true } };
  },
});

export const headline = defineHandler(creators.headline, {
  auth: "guest",
  input: z.object({ id: id("头条 id") }),
  async handle({ input, db, origin, caller }) {
    const row = await requirePost(db, caller.user.id, input.id);
    await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [input.id]);
    const images = await imagesOf(db, origin, [row.id]);
    return { data: { ...toHeadline(origin, row, images.get(row.id) ?? []), content: row.description } satisfies HeadlineDetail };
  },
});

export const headlineComments = defineHandler(creators.headlineComments, {
  auth: "guest",
  input: z.object({ id: id("头条 id"), ...pageInput.shape }),
  async handle({ input, db, origin, caller }) {
    await requirePost(db, caller.user.id, input.id);
    return { data: await listComments(db, origin, caller.user.id, input.id, input.page, input.limit) };
  },
});

export const headlineReplies = defineHandler(creators.headlineReplies, {
  auth: "guest",
  input: z.object({ comment_id: id("评论 id"), ...pageInput.shape }),
  handle: async ({ input, db, origin, caller }) => ({ data: await listReplies(db, origin, caller.user.id, input.comment_id, input.page, input.limit) }),
});

export const likeHeadline = defineHandler(creators.likeHeadline, {
  auth: "member",
  input: z.object({ id: id("头条 id") }),
  async handle({ input, db, caller }) {
    await requirePost(db, caller.user.id, input.id);
    const r = await toggleItemMark(db, caller.user.id, input.id, "likes");
    return { msg: r.on ? "点赞成功" : "已取消点赞", data: { is_like: r.on, like_count: r.count } };
  },
});

export const likeHeadlineComment = defineHandler(creators.likeHeadlineComment, {
  auth: "member",
  input: z.object({ comment_id: id("评论 id") }),
  handle: async ({ input, db, caller }) => ({ data: await toggleCommentLike(db, caller.user.id, input.comment_id) }),
});

export const commentHeadline = defineHandler(creators.commentHeadline, {
  auth: "member",
  input: z.object({
    id: id("头条 id"),
    content: z
      .string({ error: "请输入评论内容" })
      .trim()
      .min(1, "请输入评论内容")
      .max(creators.MAX_HEADLINE_COMMENT, `评论最多 ${creators.MAX_HEADLINE_COMMENT} 字`),
    reply_to: id("回复的评论 id").optional(),
  }),
  async handle({ input, db, origin, caller }) {
    await requirePost(db, caller.user.id, input.id);
    return { msg: "评论成功", data: await addComment(db, origin, caller.user.id, input.id, input.content, input.reply_to) };
  },
});

// Fan clubs.
interface ClubRow {
  creator_id: number;
  name: string;
  intro: string;
  fee_coins: number;
  rules: string;
  privileges: string;
}

async function requireClub(db: DB, uid: number): Promise<ClubRow> {
  const club = (await db.get("SELECT * FROM clubs WHERE creator_id = ?", [uid])) as ClubRow | undefined;
  if (!club) throw new ApiError(404, "该创作者还没有粉丝团");
  return club;
}

export async function clubInfoFor(db: DB, origin: string, uid: number, viewer: number): Promise<ClubInfo> {
  const club = await requireClub(db, uid);
  const members = (await db.value<number>("SELECT COUNT(*) FROM club_members WHERE creator_id = ?", [uid]))!;
  const mine = (await db.get("SELECT score FROM club_members WHERE creator_id = ? AND user_id = ?", [uid, viewer])) as { score: number } | undefined;
  return {
    uid,
    name: club.name,
    intro: club.intro,
    cover: encImageUrl(origin, `club-${uid}`, 750, 328, club.name),
    member_count: members,
    fee_coins: club.fee_coins,
    joined: mine ? 1 : 0,
    my_score: mine?.score ?? 0,
  };
}

export const clubInfo = defineHandler(home.clubInfo, {
  auth: "guest",
  input: creatorInput,
  handle: async ({ input, db, origin, caller }) => ({ data: await clubInfoFor(db, origin, input.uid, caller.user.id) }),
});

export const joinClub = defineHandler(home.joinClub, {
  auth: "member",
  input: creatorInput,
  async handle({ input, db, origin, caller }) {
    const club = await requireClub(db, input.uid);
    if (input.uid === caller.user.id) throw new ApiError(400, "不能加入自己的粉丝团");
    const joined = await joinClubPaying(db, caller.user.id, input.uid, club.fee_coins);
    return { msg: joined ? "加入成功" : "你已是粉丝团成员", data: await clubInfoFor(db, origin, input.uid, caller.user.id) };
  },
});

export const clubRules = defineHandler(home.clubRules, {
  auth: "guest",
  input: creatorInput,
  handle: async ({ input, db }) => ({ data: { rules: JSON.parse((await requireClub(db, input.uid)).rules) as string[] } }),
});

export const clubPrivileges = defineHandler(home.clubPrivileges, {
  auth: "guest",
  input: creatorInput,
  handle: async ({ input, db }) => ({ data: JSON.parse((await requireClub(db, input.uid)).privileges) as ClubPrivilege[] }),
});

function fanRank(order: string) {
  return async ({ input, db, origin }: Ctx<z.infer<typeof creatorPage>>) => {
    await requireClub(db, input.uid);
    const total = (await db.value<number>("SELECT COUNT(*) FROM club_members WHERE creator_id = ?", [input.uid]))!;
    const rows = await db.all<{ user_id: number; score: number; nickname: string; username: string; avatar_url: string }>(
      `SELECT m.user_id, m.score, u.nickname, u.username, u.avatar_url FROM club_members m JOIN users u ON u.id = m.user_id
       WHERE m.creator_id = ? ORDER BY ${order} LIMIT ? OFFSET ?`,
      [input.uid, input.limit, (input.page - 1) * input.limit],
    );
    const offset = (input.page - 1) * input.limit;
    const list: FanRankEntry[] = rows.map((r, i) => ({
      rank: offset + i + 1,
      uid: r.user_id,
      nickname: r.nickname || r.username,
      avatar_url: avatarUrl(origin, { id: r.user_id, avatar_url: r.avatar_url }),
      score: r.score,
    }));
    return { data: paged(list, input.page, input.limit, total) };
  };
}
export const clubRank = defineHandler(home.clubRank, { auth: "guest", input: creatorPage, handle: fanRank("m.score DESC, m.joined_at") });
export const clubNewest = defineHandler(home.clubNewest, { auth: "guest", input: creatorPage, handle: fanRank("m.joined_at DESC, m.user_id DESC") });

export const creatorRank = defineHandler(home.creatorRank, {
  auth: "guest",
  input: pageInput,
  async handle({ input, db, origin, caller }) {
    const { rows, total, offset } = await pageOfCreators(db, caller.user.id, "1 = 1", {}, input.page, input.limit);
    const list: CreatorRankEntry[] = rows.map((r, i) => ({ ...toCard(origin, r), rank: offset + i + 1 }));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const creatorHandlers = [
  featured, small, clubVideos, compilations, headlines, myHeadlines, reportHeadline, headline, headlineComments, headlineReplies, likeHeadline, likeHeadlineComment,
  commentHeadline, clubInfo, joinClub, clubRules, clubPrivileges, clubRank, clubNewest, creatorRank,
];
