import { z } from "zod";
import { accounts, creators, home, search, video } from "#gateway/api/index.ts";
import type { Ad, Category, CommunityUnlockResult, Compilation, Gift, HotSearch, PurchaseResult, Ticket } from "#gateway/api/content-types.ts";
import { ApiError, defineHandler, idInput, isoDate, paged, pageInput, sortInput, type Caller } from "../http/registry.ts";
import type { DB } from "../db/index.ts";
import { encImageUrl } from "./media.ts";
import { pageOfSeries, toCompilation } from "./discovery.ts";
import { buyVideo, communityUnlocksLeft, rewardCreator, ticketCount, unlockByPost } from "./purchases.ts";
import { addComment, listComments, listPeople, listReplies, pageOfCreators, personById, reportItem, reportText, toCard, toggleCommentLike, toggleFollow, toggleItemMark } from "./social.ts";
import { itemById, orderFor, pageOfVideos, sectionOf, toDetail } from "./videos.ts";

const id = idInput;
const videoId = z.object({ id: id("视频 id") });
const paging = pageInput.shape;
const { MAX_SEARCH_KEYWORD } = search;
const keyword = z.string({ error: "请输入搜索关键词" }).trim().min(1, "请输入搜索关键词").max(MAX_SEARCH_KEYWORD, `关键词最多 ${MAX_SEARCH_KEYWORD} 个字`);

/** `%` and `_` in a search are literal. */
const likePattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function requireVideo(db: DB, itemId: number, uid: number) {
  const row = await itemById(db, itemId, uid);
  if (!row) throw new ApiError(404, "视频不存在或已下架");
  return row;
}

async function detailFor(db: DB, origin: string, caller: Caller, itemId: number) {
  const allowance = caller.isMember
    ? { tickets: await ticketCount(db, caller.user.id), communityLeft: await communityUnlocksLeft(db, caller.user) }
    : { tickets: 0, communityLeft: 0 };
  return toDetail(origin, await requireVideo(db, itemId, caller.user.id), caller.user, caller.isMember, allowance);
}

export const list = defineHandler(home.list, {
  auth: "guest",
  input: z.object({ section: z.string({ error: "分区无效" }).optional(), sort: sortInput, category_id: id("分类 id").optional(), ...paging }),
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfVideos(db, {
      where: input.category_id ? "i.section = @section AND i.category_id = @category" : "i.section = @section",
      params: { section: sectionOf(input.section), category: input.category_id ?? 0 },
      order: orderFor(input.sort),
      page: input.page,
      limit: input.limit,
      origin,
      user: caller.user,
    }),
  }),
});

export const categories = defineHandler(home.categories, {
  auth: "guest",
  input: z.object({ section: z.string({ error: "分区无效" }).optional() }),
  cacheMs: 10_000,
  async handle({ input, db, origin }) {
    const rows = (await db.all("SELECT id, name, section FROM categories WHERE kind = 'video' AND section = ? ORDER BY sort, id", [sectionOf(input.section)])) as Omit<Category, "cover">[];
    return { data: rows.map((c) => ({ ...c, cover: encImageUrl(origin, `category-${c.id}`, 160, 90, c.name) })) satisfies Category[] };
  },
});

const categoryInput = z.object({ id: id("分类 id"), sort: sortInput, ...paging });
export const category = defineHandler(home.category, {
  auth: "guest",
  input: categoryInput,
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfVideos(db, { where: "i.category_id = @category", params: { category: input.id }, order: orderFor(input.sort), page: input.page, limit: input.limit, origin, user: caller.user }),
  }),
});

export const categoryNew = defineHandler(home.categoryNew, {
  auth: "guest",
  input: categoryInput,
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfVideos(db, { where: "i.category_id = @category", params: { category: input.id }, order: orderFor("new"), page: input.page, limit: input.limit, origin, user: caller.user }),
  }),
});

export const ads = defineHandler(home.ads, {
  auth: "guest",
  input: z.object({ position: z.string({ error: "缺少广告位" }).trim().min(1, "缺少广告位").max(32, "广告位无效") }),
  cacheMs: 10_000,
  async handle({ input, db, origin }) {
    const rows = (await db.all("SELECT id, title, image_seed, url, ratio FROM ads WHERE position = ? ORDER BY sort, id", [input.position])) as (Omit<Ad, "img_url"> & { image_seed: string })[];
    return {
      data: rows.map(({ image_seed, ...a }) => {
        const [w, h] = a.ratio.split("X").map(Number) as [number, number];
        return { ...a, img_url: encImageUrl(origin, image_seed, 750, Math.round((750 * h) / w), a.title) };
      }) satisfies Ad[],
    };
  },
});

export const adClick = defineHandler(home.adClick, {
  auth: "guest",
  input: z.object({ id: id("广告 id") }),
  async handle({ input, db }) {
    if ((await db.run("UPDATE ads SET clicks = clicks + 1 WHERE id = ?", [input.id])) !== 1) throw new ApiError(404, "广告不存在");
    return { data: { ok: true } };
  },
});

export const detail = defineHandler(video.detail, {
  auth: "guest",
  input: videoId,
  handle: async ({ input, db, origin, caller }) => ({ data: await detailFor(db, origin, caller, input.id) }),
});

/** A view: the player reports it once a video starts playing (`detail` does not count). */
export const log = defineHandler(video.log, {
  auth: "guest",
  input: videoId,
  async handle({ input, db, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    const viewCount = await db.transaction(async (db) => {
      await db.run("INSERT INTO view_log (user_id, item_id, created_at) VALUES (?, ?, ?)", [caller.user.id, input.id, Date.now()]);
      await db.run("UPDATE items SET view_count = view_count + 1, hot = hot + 1 WHERE id = ?", [input.id]);
      return (await db.value("SELECT view_count FROM items WHERE id = ?", [input.id]))!;
    });
    return { data: { view_count: viewCount } };
  },
});

export const like = defineHandler(video.like, {
  auth: "member",
  input: videoId,
  async handle({ input, db, caller }) {
    const r = await toggleItemMark(db, caller.user.id, input.id, "likes");
    return { msg: r.on ? "点赞成功" : "已取消点赞", data: { is_like: r.on, like_count: r.count } };
  },
});

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

export const tagByName = defineHandler(video.tagByName, {
  auth: "guest",
  input: z.object({ name: z.string({ error: "缺少标签名" }).trim().min(1, "缺少标签名").max(video.MAX_TAG_NAME, `标签名最多 ${video.MAX_TAG_NAME} 个字`), ...paging }),
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfVideos(db, {
      where: "i.id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.name = @tag)",
      params: { tag: input.name },
      order: orderFor("new"),
      page: input.page,
      limit: input.limit,
      origin,
      user: caller.user,
    }),
  }),
});

export const related = defineHandler(video.related, {
  auth: "guest",
  input: z.object({ id: id("视频 id"), ...paging }),
  async handle({ input, db, origin, caller }) {
    const row = await requireVideo(db, input.id, caller.user.id);
    return {
      data: await pageOfVideos(db, {
        where: "i.id != @self AND i.section = @section AND (i.category_id = @category OR i.id IN (SELECT item_id FROM item_tags WHERE tag_id IN (SELECT tag_id FROM item_tags WHERE item_id = @self)))",
        params: { self: row.id, section: row.section, category: row.category_id ?? 0 },
        order: orderFor("hot"),
        page: input.page,
        limit: input.limit,
        origin,
        user: caller.user,
      }),
    };
  },
});

export const giftList = defineHandler(video.giftList, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  async handle({ db, origin }) {
    const rows = (await db.all("SELECT id, name, coins FROM gifts ORDER BY sort, id")) as Omit<Gift, "icon">[];
    return { data: rows.map((g) => ({ ...g, icon: encImageUrl(origin, `gift-${g.id}`, 96, 96, g.name) })) satisfies Gift[] };
  },
});

export const rewardHer = defineHandler(video.rewardHer, {
  auth: "member",
  input: z.object({ id: id("视频 id"), gift_id: id("礼物 id") }),
  handle: async ({ input, db, caller }) => ({ msg: "打赏成功", data: { coins: await rewardCreator(db, caller.user.id, input.id, input.gift_id) } }),
});

export const report = defineHandler(video.report, {
  auth: "member",
  input: z.object({ id: id("视频 id"), type_id: id("举报类型"), content: reportText }),
  async handle({ input, db, caller }) {
    if (!(await db.get("SELECT 1 FROM items WHERE id = ? AND kind = 'video'", [input.id]))) throw new ApiError(404, "视频不存在或已下架");
    const again = await reportItem(db, caller.user.id, input.id, input.type_id, input.content);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true } };
  },
});

const buyInput = z.object({ id: id("视频 id"), request_id: z.string({ error: "request_id 应为文字" }).max(64, "request_id 最长 64 个字符").optional().default("") });
function purchase(method: "coins" | "ticket") {
  return async ({ input, db, origin, caller }: { input: z.infer<typeof buyInput>; db: DB; origin: string; caller: Caller }) => {
    const r = await buyVideo(db, caller.user.id, input.id, method, input.request_id);
    const fresh = { ...caller, user: r.user };
    const data: PurchaseResult = {
      charged: r.charged ? 1 : 0,
      coins_spent: r.coinsSpent,
      coins: r.user.coins,
      tickets: await ticketCount(db, caller.user.id),
      video: await detailFor(db, origin, fresh, input.id),
    };
    return { msg: r.charged ? "解锁成功" : "已购买过该视频", data };
  };
}

export const buyWithCoins = defineHandler(video.buyWithCoins, { auth: "member", input: buyInput, handle: purchase("coins") });
export const buyWithTicket = defineHandler(video.buyWithTicket, { auth: "member", input: buyInput, handle: purchase("ticket") });

export const communityUnlock = defineHandler(video.communityUnlock, {
  auth: "member",
  input: buyInput.extend({
    content: z
      .string({ error: "请输入分享语" })
      .trim()
      .min(video.SHARE_TEXT_LENGTH.min, `分享语至少 ${video.SHARE_TEXT_LENGTH.min} 个字`)
      .max(video.SHARE_TEXT_LENGTH.max, `分享语最多 ${video.SHARE_TEXT_LENGTH.max} 字`),
  }),
  async handle({ input, db, origin, caller }) {
    const r = await unlockByPost(db, caller.user.id, input.id, input.content, input.request_id);
    const data: CommunityUnlockResult = {
      charged: r.charged ? 1 : 0,
      coins_spent: 0,
      coins: r.user.coins,
      tickets: await ticketCount(db, caller.user.id),
      video: await detailFor(db, origin, { ...caller, user: r.user }, input.id),
      post_id: r.postId,
    };
    return { msg: r.charged ? "已分享到社区，视频已解锁" : "该视频已解锁", data };
  },
});

async function requireSeries(db: DB, id: number) {
  if (!(await db.get("SELECT 1 FROM series WHERE id = ?", [id]))) throw new ApiError(404, "专题不存在");
}

async function requirePerson(db: DB, viewer: number, uid: number) {
  if (!(await personById(db, viewer, uid))) throw new ApiError(404, "用户不存在");
}

export const byElement = defineHandler(video.byElement, {
  auth: "guest",
  input: z.object({ element_id: id("专题 id"), ...paging }),
  async handle({ input, db, origin, caller }) {
    await requireSeries(db, input.element_id);
    return { data: await pageOfVideos(db, { where: "i.series_id = @series", params: { series: input.element_id }, order: "i.created_at, i.id", page: input.page, limit: input.limit, origin, user: caller.user }) };
  },
});

async function findState(db: DB, uid: number, itemId: number) {
  const count = await db.value("SELECT COUNT(*) FROM find_requests WHERE item_id = ?", [itemId]) as number;
  const requested = (await db.get("SELECT 1 FROM find_requests WHERE item_id = ? AND user_id = ?", [itemId, uid])) ? 1 : 0;
  return { requested, count };
}

export const checkFind = defineHandler(video.checkFind, {
  auth: "guest",
  input: videoId,
  async handle({ input, db, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    return { data: await findState(db, caller.user.id, input.id) };
  },
});

export const requestFind = defineHandler(video.requestFind, {
  auth: "member",
  input: z.object({ id: id("视频 id"), content: z.string({ error: "说明应为文字" }).trim().max(video.MAX_WANT_TEXT, `说明最多 ${video.MAX_WANT_TEXT} 字`).optional().default("") }),
  async handle({ input, db, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    await db.run("INSERT INTO find_requests (user_id, item_id, content, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", [caller.user.id, input.id, input.content, Date.now()]);
    return { msg: "求片成功，我们会尽快处理", data: await findState(db, caller.user.id, input.id) };
  },
});

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
  async handle({ input, db, origin }) {
    const { rows, total } = await pageOfSeries(db, "s.title LIKE @kw ESCAPE '\\'", { kw: likePattern(input.kw) }, input.page, input.limit);
    const list: Compilation[] = rows.map((r) => toCompilation(origin, r));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const creatorPage = defineHandler(creators.creatorPage, {
  auth: "guest",
  input: z.object({ uid: id("用户 id") }),
  async handle({ input, db, origin, caller }) {
    const person = await personById(db, caller.user.id, input.uid);
    if (!person) throw new ApiError(404, "用户不存在");
    return { data: toCard(origin, person) };
  },
});

export const creatorVideos = defineHandler(creators.creatorVideos, {
  auth: "guest",
  input: z.object({ uid: id("用户 id"), sort: sortInput, ...paging }),
  async handle({ input, db, origin, caller }) {
    await requirePerson(db, caller.user.id, input.uid);
    return { data: await pageOfVideos(db, { where: "i.creator_id = @creator", params: { creator: input.uid }, order: orderFor(input.sort), page: input.page, limit: input.limit, origin, user: caller.user }) };
  },
});

export const follow = defineHandler(accounts.follow, {
  auth: "member",
  input: z.object({ uid: id("用户 id") }),
  async handle({ input, db, caller }) {
    const r = await toggleFollow(db, caller.user.id, input.uid);
    return { msg: r.is_attention ? "关注成功" : "已取消关注", data: r };
  },
});

const peopleInput = z.object({ uid: id("用户 id").optional(), ...paging });
function people(direction: "following" | "fans") {
  return async ({ input, db, origin, caller }: { input: z.infer<typeof peopleInput>; db: DB; origin: string; caller: Caller }) => {
    const who = input.uid ?? caller.user.id;
    if (input.uid !== undefined) await requirePerson(db, caller.user.id, input.uid);
    return { data: await listPeople(db, origin, caller.user.id, who, direction, input.page, input.limit) };
  };
}
export const following = defineHandler(accounts.following, { auth: "guest", input: peopleInput, handle: people("following") });
export const fans = defineHandler(accounts.fans, { auth: "guest", input: peopleInput, handle: people("fans") });

export const myPurchases = defineHandler(accounts.myPurchases, {
  auth: "member",
  input: pageInput,
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfVideos(db, {
      from: "JOIN purchases mp ON mp.item_id = i.id AND mp.user_id = @uid AND mp.unit_id = 0",
      where: "1 = 1",
      params: {},
      order: "mp.created_at DESC, mp.id DESC",
      page: input.page,
      limit: input.limit,
      origin,
      user: caller.user,
    }),
  }),
});

export const myTickets = defineHandler(accounts.myTickets, {
  auth: "member",
  input: pageInput,
  async handle({ input, db, caller }) {
    const now = Date.now();
    const total = (await db.value("SELECT COUNT(*) FROM tickets WHERE user_id = ?", [caller.user.id]))!;
    // A stored 0 past its date is expired (2). Usable vouchers first, the soonest to expire on top; then used
    // ones; expired ones last (ORDER BY takes the derived status).
    const rows = (await db.all(`SELECT id, name, CASE WHEN status = 0 AND expires_at <= ? THEN 2 ELSE status END AS status, used_on, expires_at
       FROM tickets WHERE user_id = ? ORDER BY status, expires_at, id LIMIT ? OFFSET ?`, [now, caller.user.id, input.limit, (input.page - 1) * input.limit])) as { id: number; name: string; status: number; used_on: number | null; expires_at: number }[];
    const list: Ticket[] = rows.map((t) => ({ ...t, expires_at: isoDate(t.expires_at) }));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const catalogHandlers = [
  list, categories, category, categoryNew, ads, adClick, detail, log, like, comments, replies, commentLike, comment, tagByName, related,
  giftList, rewardHer, report, buyWithCoins, buyWithTicket, communityUnlock, byElement, checkFind, requestFind, hotSearch, searchVideos, searchCreator,
  searchCompilation, creatorPage, creatorVideos, follow, following, fans, myPurchases, myTickets,
];
