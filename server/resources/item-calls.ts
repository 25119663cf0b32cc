import { z } from "zod";
import type { ResourceKind } from "#gateway/api/resources.ts";
import type { Endpoint } from "#gateway/client.ts";
import { addComment } from "#server/community/comments.ts";
import { toggleItemMark } from "#server/community/likes.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, pageInput } from "#server/http/registry.ts";
import { commentText } from "#server/news/index.ts";
import { buyChapter, buyWholeBook } from "#server/wallet/book-sales.ts";
import { requestIdField } from "#server/wallet/idempotency.ts";
import type { PurchaseOutcome } from "#server/wallet/purchases.ts";
import { pageOfFollowedSeries, pageOfResources } from "./items.ts";

// Calls every kind of the 资源 tab answers the same way, made for one kind's endpoints: its favourites and
// followed series, likes and favourites of an item, comments on it. `requireItem` finds the item (or answers the
// kind's 404) first. Comics file favourites in groups (community/likes.ts), so they take the like and the comment.

type RequireItem = (db: DB, id: number, uid: number) => Promise<unknown>;

/** The caller's favourite items of `kind`, newest favourite first (`list_favorite`). */
export function favoriteListHandler<I, O, R>(call: Endpoint<I, O, R>, kind: ResourceKind) {
  return defineHandler(call, {
    auth: "member",
    input: pageInput,
    handle: async ({ input, db, origin, caller }) => ({
      data: await pageOfResources(db, origin, caller.user.id, kind, input, { from: "JOIN favorites mf ON mf.item_id = i.id AND mf.user_id = @uid", order: "mf.created_at DESC, i.id DESC" }),
    }),
  });
}

/** The series of `kind` the caller follows, newest follow first (`list_follow_<kind>`). */
export function followListHandler<I, O, R>(call: Endpoint<I, O, R>, kind: ResourceKind) {
  return defineHandler(call, {
    auth: "member",
    input: pageInput,
    handle: async ({ input, db, origin, caller }) => ({ data: await pageOfFollowedSeries(db, origin, caller.user.id, kind, input.page, input.limit) }),
  });
}

/** What a like answers, switched on and off: most kinds say 点赞, picture sets and games 喜欢. */
const LIKE_WORDS = { on: "点赞成功", off: "已取消点赞" };

/** The like of an item (a toggle); `idName` words the id in messages (有声书 id). */
export function itemLikeHandler<I, O, R>(call: Endpoint<I, O, R>, idName: string, requireItem: RequireItem, words = LIKE_WORDS) {
  return defineHandler(call, {
    auth: "member",
    input: z.object({ id: idInput(idName) }),
    async handle({ input, db, caller }) {
      await requireItem(db, input.id, caller.user.id);
      const r = await toggleItemMark(db, caller.user.id, input.id, "likes");
      return { msg: r.on ? words.on : words.off, data: { is_like: r.on, like_count: Number(r.count) } };
    },
  });
}

/** The favourite of an item (a toggle; `group_id` is taken and ignored: only comics file favourites in groups). */
export function itemFavoriteHandler<I, O, R>(call: Endpoint<I, O, R>, idName: string, requireItem: RequireItem) {
  return defineHandler(call, {
    auth: "member",
    input: z.object({ id: idInput(idName), group_id: idInput("分组 id").optional() }),
    async handle({ input, db, caller }) {
      await requireItem(db, input.id, caller.user.id);
      const r = await toggleItemMark(db, caller.user.id, input.id, "favorites");
      return { msg: r.on ? "收藏成功" : "已取消收藏", data: { is_favorite: r.on, group_id: null } };
    },
  });
}

/** The like and the favourite of an item (both toggle). */
export function itemMarkHandlers<A, B, C, D, E, F>(
  calls: { like: Endpoint<A, B, C>; favorite: Endpoint<D, E, F> },
  idName: string,
  requireItem: RequireItem,
  likeWords = LIKE_WORDS,
) {
  return [itemLikeHandler(calls.like, idName, requireItem, likeWords), itemFavoriteHandler(calls.favorite, idName, requireItem)];
}

/** A comment on an item, or a reply (`reply_to`), of at most `max` characters. */
export function itemCommentHandler<I, O, R>(call: Endpoint<I, O, R>, max: number, idName: string, requireItem: RequireItem) {
  return defineHandler(call, {
    auth: "member",
    input: z.object({ id: idInput(idName), content: commentText(max), reply_to: idInput("回复的评论 id").optional() }),
    async handle({ input, db, origin, caller }) {
      await requireItem(db, input.id, caller.user.id);
      return { msg: "评论成功", data: await addComment(db, origin, caller.user.id, input.id, input.content, input.reply_to) };
    },
  });
}

/**
 * The two purchases of a book sold by the chapter and whole (novels, audio books): `buy` one chapter (by its id),
 * `buyBook` the rest of the book. A book taken down sells nothing. What the member is told: `charged(what)` when
 * coins moved, 已购买过该… when they had it already (decision 031: never an error for a repeat).
 */
export function bookSaleHandlers<A, B, C, D, E, F>(
  kind: "novel" | "audio",
  calls: { buy: Endpoint<A, B, C>; buyBook: Endpoint<D, E, F> },
  words: { idName: string; book: string; charged: (what: string) => string },
  requireBook: RequireItem,
) {
  const bought = (r: PurchaseOutcome, what: string) => ({
    msg: r.charged ? words.charged(what) : `已购买过该${what}`,
    data: { charged: r.charged ? 1 : 0, coins_spent: r.coinsSpent, coins: Number(r.user.coins) },
  });
  return [
    defineHandler(calls.buy, {
      auth: "member",
      input: z.object({ id: idInput("章节 id"), request_id: requestIdField }),
      async handle({ input, db, caller }) {
        const itemId = await db.value<number>("SELECT u.item_id FROM item_units u JOIN items i ON i.id = u.item_id WHERE u.id = ? AND i.kind = ? AND i.hidden = 0", [input.id, kind]);
        if (!itemId) throw new ApiError(404, "章节不存在或已下架");
        return bought(await buyChapter(db, kind, caller.user.id, Number(itemId), input.id, input.request_id), "章节");
      },
    }),
    defineHandler(calls.buyBook, {
      auth: "member",
      input: z.object({ id: idInput(words.idName), request_id: requestIdField }),
      async handle({ input, db, caller }) {
        await requireBook(db, input.id, caller.user.id);
        return bought(await buyWholeBook(db, kind, caller.user.id, input.id, input.request_id), words.book);
      },
    }),
  ];
}
