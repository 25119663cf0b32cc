import { z } from "zod";
import { comics } from "#gateway/api/index.ts";
import type { BookPurchase } from "#gateway/api/comics.ts";
import { commentThread } from "#server/community/comment-threads.ts";
import { favoriteGroupHandlers, fileFavorite } from "#server/community/likes.ts";
import { reportText, reportThing } from "#server/community/reports.ts";
import { defineHandler, idInput, pageInput, type Handler } from "#server/http/registry.ts";
import { buyChapter, buyWholeBook } from "#server/wallet/book-sales.ts";
import { itemCommentHandler, itemLikeHandler } from "../item-calls.ts";
import { pageOfResources, resourceListInput } from "../items.ts";
import { filtersOf, homeOf, requestIdInput } from "../whole-items.ts";
import { comicDetail, NOUN, readEpisode, requireComic } from "./episodes.ts";

// Comics (issue 19, decision 042): /api/comic/*, /api/book/*. The 资源 tab's lists, the detail with its episodes,
// reading and buying, favourites in the member's comic groups, and (extensions) likes, comments and reports.

const comicId = z.object({ id: idInput(`${NOUN} id`) });
const SCREEN = "/cartoon/cartoon-detail";

export const home = defineHandler(comics.home, {
  auth: "guest",
  input: z.object({}),
  handle: async ({ db, origin, caller }) => ({ data: await homeOf(db, origin, caller.user.id, "comic", SCREEN) }),
});

const listHandler = (call: typeof comics.list | typeof comics.findList) =>
  defineHandler(call, {
    auth: "guest",
    input: resourceListInput,
    handle: async ({ input, db, origin, caller }) => ({ data: await pageOfResources(db, origin, caller.user.id, "comic", input) }),
  });

const IS_END = { key: "is_end" as const, name: "状态", options: [{ value: "0", name: "连载中" }, { value: "1", name: "已完结" }] };

const filterHandler = (call: typeof comics.filters | typeof comics.findConf) =>
  defineHandler(call, {
    auth: "guest",
    input: z.object({}),
    cacheMs: 60_000,
    handle: async ({ db }) => ({ data: [IS_END, ...(await filtersOf(db, "comic"))] }),
  });

export const listFavorite = defineHandler(comics.listFavorite, {
  auth: "member",
  input: z.object({ group_id: idInput("分组 id").optional(), ...pageInput.shape }),
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfResources(db, origin, caller.user.id, "comic", input, {
      from: "JOIN favorites mf ON mf.item_id = i.id AND mf.user_id = @uid",
      where: input.group_id === undefined ? "" : "mf.group_id = @group",
      params: { group: input.group_id ?? 0 },
      order: "mf.created_at DESC, i.id DESC",
    }),
  }),
});

export const listEpisode = defineHandler(comics.listEpisode, {
  auth: "guest",
  input: comicId,
  handle: async ({ input, db, origin, caller }) => ({ data: await comicDetail(db, origin, caller, await requireComic(db, input.id, caller.user.id)) }),
});

export const detail = defineHandler(comics.detail, {
  auth: "guest",
  input: comicId,
  handle: async ({ input, db, origin, caller }) => ({ data: (await comicDetail(db, origin, caller, await requireComic(db, input.id, caller.user.id))).comic }),
});

export const read = defineHandler(comics.read, {
  auth: "guest",
  input: comicId.extend({ episode_id: idInput("章节 id") }),
  handle: async ({ input, db, origin, settings, caller }) => ({ data: await readEpisode(db, origin, settings.mediaUrlSecret, caller, input.id, input.episode_id) }),
});

export const buy = defineHandler(comics.buy, {
  auth: "member",
  input: comicId.extend({ chapter_id: idInput("章节 id").optional(), ...requestIdInput.shape }),
  async handle({ input, db, caller }) {
    await requireComic(db, input.id, caller.user.id);
    const uid = caller.user.id;
    const chapter = input.chapter_id;
    const r = chapter ? await buyChapter(db, "comic", uid, input.id, chapter, input.request_id) : await buyWholeBook(db, "comic", uid, input.id, input.request_id);
    const data: BookPurchase = { charged: r.charged ? 1 : 0, coins_spent: r.coinsSpent, coins: r.user.coins, item_id: input.id, chapter_id: chapter ?? 0 };
    const msg = !r.charged ? "已购买过，可以直接阅读" : chapter ? `购买成功，花费 ${r.coinsSpent} 金币` : `整本购买成功，花费 ${r.coinsSpent} 金币`;
    return { msg, data };
  },
});

export const favorite = defineHandler(comics.favorite, {
  auth: "member",
  input: comicId.extend({ group_id: idInput("分组 id").optional() }),
  async handle({ input, db, caller }) {
    await requireComic(db, input.id, caller.user.id);
    return await fileFavorite(db, caller.user.id, "comic", input.id, input.group_id);
  },
});

export const like = itemLikeHandler(comics.like, `${NOUN} id`, requireComic);
export const comment = itemCommentHandler(comics.comment, comics.MAX_COMIC_COMMENT, `${NOUN} id`, requireComic);

export const report = defineHandler(comics.report, {
  auth: "member",
  input: comicId.extend({ type_id: idInput("举报类型"), content: reportText }),
  async handle({ input, db, caller }) {
    // Counts towards hiding the comic, as `/api/system/report` does (decision 073).
    const again = await reportThing(db, caller.user.id, "comic", input.id, input.type_id, input.content);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true as const } };
  },
});

const groups = favoriteGroupHandlers("comic", { list: comics.likeGroups, create: comics.createLikeGroup, update: comics.updateLikeGroup, remove: comics.deleteLikeGroup });
const thread = commentThread({ list: comics.comments, replies: comics.replies, like: comics.likeComment }, { item: `${NOUN} id`, comment: "评论 id" }, requireComic);

/** Comics (issue 19): /api/comic/*, /api/book/*. */
export const comicsHandlers: Handler[] = [
  home,
  listHandler(comics.list),
  filterHandler(comics.filters),
  filterHandler(comics.findConf),
  listHandler(comics.findList),
  listFavorite,
  listEpisode,
  detail,
  read,
  buy,
  favorite,
  ...groups,
  like,
  ...thread,
  comment,
  report,
];
