import { z } from "zod";
import { creators, home, video } from "#gateway/api/index.ts";
import type { Category } from "#gateway/api/content-types.ts";
import { requirePerson } from "#server/community/people.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, pageInput, sortInput, type Caller } from "#server/http/registry.ts";
import { communityUnlocksLeft, ticketCount } from "#server/wallet/purchases.ts";
import { encImageUrl } from "./media.ts";
import { orderFor, pageOfVideos, requireVideo, sectionOf, toDetail, videoId } from "./video.ts";
import { clock } from "#server/clock.ts";

// The video calls: feeds, the detail, views, lookups. Buying is in server/wallet/, comments and likes in server/community/.

const id = idInput;
const paging = pageInput.shape;

/** A video's detail as the caller sees it, with what the caller holds to unlock it (vouchers, community unlocks left). */
export async function detailFor(db: DB, origin: string, secret: string, caller: Caller, itemId: number) {
  const allowance = caller.isMember
    ? { tickets: await ticketCount(db, caller.user.id), communityLeft: await communityUnlocksLeft(db, caller.user) }
    : { tickets: 0, communityLeft: 0 };
  return toDetail(origin, secret, await requireVideo(db, itemId, caller.user.id), caller.user, caller.isMember, allowance);
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
    // Beside the video categories, the dating area's entry and the novels' and comics': the app opens each by its
    // id on a screen of its own (the category shortcuts).
    const rows = (await db.all("SELECT id, name, section FROM categories WHERE kind IN ('video', 'dating', 'shortcut') AND section = ? ORDER BY sort, id", [sectionOf(input.section)])) as Omit<Category, "cover">[];
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

export const detail = defineHandler(video.detail, {
  auth: "guest",
  input: videoId,
  handle: async ({ input, db, origin, settings, caller }) => ({ data: await detailFor(db, origin, settings.mediaUrlSecret, caller, input.id) }),
});

/** A view: the player reports it once a video starts playing (`detail` does not count). */
export const log = defineHandler(video.log, {
  auth: "guest",
  input: videoId,
  async handle({ input, db, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    const viewCount = await db.transaction(async (db) => {
      await db.run("INSERT INTO view_log (user_id, item_id, created_at) VALUES (?, ?, ?)", [caller.user.id, input.id, clock.now()]);
      await db.run("UPDATE items SET view_count = view_count + 1, hot = hot + 1 WHERE id = ?", [input.id]);
      return (await db.value("SELECT view_count FROM items WHERE id = ?", [input.id]))!;
    });
    return { data: { view_count: viewCount } };
  },
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

async function requireSeries(db: DB, id: number) {
  if (!(await db.get("SELECT 1 FROM series WHERE id = ?", [id]))) throw new ApiError(404, "专题不存在");
}

export const byElement = defineHandler(video.byElement, {
  auth: "guest",
  input: z.object({ element_id: id("专题 id"), ...paging }),
  async handle({ input, db, origin, caller }) {
    await requireSeries(db, input.element_id);
    return { data: await pageOfVideos(db, { where: "i.series_id = @series", params: { series: input.element_id }, order: "i.created_at, i.id", page: input.page, limit: input.limit, origin, user: caller.user }) };
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

export const videoHandlers = [list, categories, category, categoryNew, detail, log, tagByName, related, byElement, creatorVideos];
