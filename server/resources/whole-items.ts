import { z } from "zod";
import type { ItemCalls, ResourceFilter, ResourceHome, ResourceItem, ResourceKind, ResourceListInput } from "#gateway/api/resources.ts";
import type { Page, Paged } from "#gateway/api/types.ts";
import type { Endpoint } from "#gateway/client.ts";
import { commentThread } from "#server/community/comment-threads.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler, idInput, pageInput, type Caller, type Handler } from "#server/http/registry.ts";
import { requestIdField } from "#server/wallet/idempotency.ts";
import { buyWholeItem, type WholeItemKind } from "#server/wallet/whole-item-sales.ts";
import { favoriteListHandler, itemCommentHandler, itemMarkHandlers } from "./item-calls.ts";
import { pageOfResources, resourceListInput, resourceSelect, toResourceItem, type ResourceRow } from "./items.ts";

// What picture sets and games share (decision 045): both are sold whole, and both have the same lists, likes,
// favourites and comments, answered from the shared tables.

/** A purchase's `request_id` (decision 035). */
export const requestIdInput = z.object({ request_id: requestIdField });

/** A kind's home: its most viewed items as banners, then each of its categories with its newest items. */
export async function homeOf(db: DB, origin: string, uid: number, kind: ResourceKind, screen: string): Promise<ResourceHome> {
  const cards = async (where: string, order: string, params: Record<string, unknown>, limit: number) =>
    (await db.all<ResourceRow>(`${resourceSelect(db)} WHERE i.kind = @kind AND i.hidden = 0 ${where} ORDER BY ${order} LIMIT ${limit}`, { uid, kind, ...params })).map((r) =>
      toResourceItem(origin, r),
    );
  const top = await cards("", "i.view_count DESC, i.id DESC", {}, 3);
  const categories = await db.all<{ id: number; name: string }>("SELECT id, name FROM categories WHERE kind = ? ORDER BY sort, id", [kind]);
  const sections: ResourceHome["sections"] = [];
  for (const c of categories) {
    const items = await cards("AND i.category_id = @category", "i.created_at DESC, i.id DESC", { category: c.id }, 6);
    if (items.length) sections.push({ id: Number(c.id), title: c.name, items });
  }
  return { banners: top.map((i) => ({ id: i.id, title: i.title, img_url: i.cover, url: `${screen}?id=${i.id}` })), sections };
}

/** A kind's filters: its tags, most used first, and its categories when it has them. */
export async function filtersOf(db: DB, kind: ResourceKind): Promise<ResourceFilter[]> {
  const tags = await db.all<{ name: string }>(
    `SELECT t.name FROM item_tags it JOIN tags t ON t.id = it.tag_id JOIN items i ON i.id = it.item_id
     WHERE i.kind = ? AND i.hidden = 0 GROUP BY t.id, t.name ORDER BY COUNT(*) DESC, t.id LIMIT 30`,
    [kind],
  );
  const categories = await db.all<{ id: number; name: string }>("SELECT id, name FROM categories WHERE kind = ? ORDER BY sort, id", [kind]);
  const filters: ResourceFilter[] = [{ key: "tag", name: "标签", options: tags.map((t) => ({ value: t.name, name: t.name })) }];
  if (categories.length) filters.push({ key: "category_id", name: "分类", options: categories.map((c) => ({ value: String(c.id), name: c.name })) });
  return filters;
}

/** The calls a whole-item kind answers the same way as the other. */
export interface WholeItemCalls extends ItemCalls {
  home: Endpoint<void, ResourceHome, ResourceHome>;
  list: Endpoint<ResourceListInput, Paged<ResourceItem>, Paged<ResourceItem>>;
  filters: Endpoint<void, ResourceFilter[], ResourceFilter[]>;
  listFavorite: Endpoint<Page, Paged<ResourceItem>, Paged<ResourceItem>>;
}

/**
 * The list, like, favourite and comment handlers of a whole-item kind. `noun` words the messages (图集 id);
 * `requireItem` refuses an id that is not a visible item of the kind; `screen` is its detail screen's path.
 */
export function wholeItemHandlers(
  kind: WholeItemKind,
  calls: WholeItemCalls,
  opts: { noun: string; screen: string; maxComment: number; requireItem: (db: DB, id: number, uid: number) => Promise<unknown> },
): Handler[] {
  const itemId = `${opts.noun} id`;
  return [
    defineHandler(calls.home, {
      auth: "guest",
      input: z.object({}),
      handle: async ({ db, origin, caller }) => ({ data: await homeOf(db, origin, caller.user.id, kind, opts.screen) }),
    }),
    defineHandler(calls.list, {
      auth: "guest",
      input: resourceListInput,
      handle: async ({ input, db, origin, caller }) => ({ data: await pageOfResources(db, origin, caller.user.id, kind, input) }),
    }),
    defineHandler(calls.filters, {
      auth: "guest",
      input: z.object({}),
      cacheMs: 60_000,
      handle: async ({ db }) => ({ data: await filtersOf(db, kind) }),
    }),
    favoriteListHandler(calls.listFavorite, kind),
    ...itemMarkHandlers({ like: calls.like, favorite: calls.favorite }, itemId, opts.requireItem, { on: "已喜欢", off: "已取消喜欢" }),
    ...commentThread({ list: calls.comments, replies: calls.replies, like: calls.likeComment }, { item: itemId, comment: "评论 id" }, opts.requireItem),
    itemCommentHandler(calls.comment, opts.maxComment, itemId, opts.requireItem),
  ];
}

/**
 * The detail and the buy of a whole-item kind: the detail counts a view; the buy sells the item once
 * (`buyWholeItem`, never throws) and answers the detail after it under `field`.
 */
export function detailAndBuyHandlers<D>(
  kind: WholeItemKind,
  calls: { detail: Endpoint<{ id: number }, D, D>; buy: Endpoint<{ id: number; request_id?: string }, unknown, unknown> },
  opts: {
    noun: string;
    field: string;
    messages: { bought: string; again: string };
    requireItem: (db: DB, id: number, uid: number) => Promise<ResourceRow>;
    toDetail: (db: DB, origin: string, caller: Caller, row: ResourceRow) => Promise<D>;
  },
): Handler[] {
  const itemId = z.object({ id: idInput(`${opts.noun} id`) });
  return [
    defineHandler(calls.detail, {
      auth: "guest",
      input: itemId,
      async handle({ input, db, origin, caller }) {
        const row = await opts.requireItem(db, input.id, caller.user.id);
        await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [input.id]);
        return { data: await opts.toDetail(db, origin, caller, { ...row, view_count: Number(row.view_count) + 1 }) };
      },
    }),
    defineHandler(calls.buy, {
      auth: "member",
      input: itemId.extend(requestIdInput.shape),
      async handle({ input, db, origin, caller }) {
        const r = await buyWholeItem(db, kind, caller.user.id, input.id, input.request_id);
        const detail = await opts.toDetail(db, origin, { ...caller, user: r.user }, await opts.requireItem(db, input.id, caller.user.id));
        return { msg: r.charged ? opts.messages.bought : opts.messages.again, data: { charged: r.charged ? 1 : 0, coins_spent: r.coinsSpent, coins: r.user.coins, [opts.field]: detail } };
      },
    }),
  ];
}
