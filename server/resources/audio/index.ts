import { z } from "zod";
import { audio } from "#gateway/api/index.ts";
import { commentThread } from "#server/community/comment-threads.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler, idInput, pageInput, type Handler } from "#server/http/registry.ts";
import { bookSaleHandlers, favoriteListHandler, followListHandler, itemCommentHandler, itemMarkHandlers } from "../item-calls.ts";
import { pageOfResources, resourceListInput, resourceSelect, toResourceItem, type ResourceRow } from "../items.ts";
import { audioChapters, audioDetail, requireBook } from "./book.ts";

// Audio books (issue 19): the 资源 tab's lists, the detail, chapters with their audio, marks, comments and purchases.

const bookId = z.object({ id: idInput("有声书 id") });
const toBook = (origin: string, r: ResourceRow) => ({ ...toResourceItem(origin, r), kind: "audio" as const });

async function topBooks(db: DB, origin: string, uid: number, order: string) {
  const rows = await db.all<ResourceRow>(`${resourceSelect(db)} WHERE i.kind = 'audio' AND i.hidden = 0 ORDER BY ${order} LIMIT 8`, { uid });
  return rows.map((r) => toBook(origin, r));
}

export const home = defineHandler(audio.home, {
  auth: "guest",
  input: z.object({}),
  async handle({ db, origin, caller }) {
    const uid = caller.user.id;
    const hot = await topBooks(db, origin, uid, "i.view_count DESC, i.id DESC");
    return {
      data: {
        banners: hot.slice(0, 3).map((b) => ({ id: b.id, title: b.title, img_url: b.cover, url: `/audio/detail?id=${b.id}` })),
        sections: [
          { id: 1, title: "热门有声", items: hot },
          { id: 2, title: "最近更新", items: await topBooks(db, origin, uid, "i.updated_at DESC, i.id DESC") },
          { id: 3, title: "大家都喜欢", items: await topBooks(db, origin, uid, "i.like_count DESC, i.id DESC") },
        ],
      },
    };
  },
});

export const list = defineHandler(audio.list, {
  auth: "guest",
  input: resourceListInput,
  handle: async ({ input, db, origin, caller }) => ({ data: await pageOfResources(db, origin, caller.user.id, "audio", input) }),
});

export const detail = defineHandler(audio.detail, {
  auth: "guest",
  input: bookId,
  async handle({ input, db, origin, caller }) {
    const data = await audioDetail(db, origin, caller, input.id);
    await db.run("UPDATE items SET view_count = view_count + 1 WHERE id = ?", [input.id]);
    return { data: { ...data, view_count: data.view_count + 1 } };
  },
});

export const chaptersList = defineHandler(audio.chaptersList, {
  auth: "guest",
  input: bookId.extend({ ...pageInput.shape, limit: pageInput.shape.limit.default(50) }),
  handle: async ({ input, db, origin, settings, caller }) => ({ data: await audioChapters(db, caller, origin, settings.mediaUrlSecret, input.id, input.page, input.limit) }),
});

const sales = bookSaleHandlers("audio", audio, { idName: "有声书 id", book: "有声书", charged: (what) => `购买成功，${what}已解锁` }, requireBook);

/** Audio books (issue 19): /api/audio/*. */
export const audioHandlers: Handler[] = [
  home,
  list,
  favoriteListHandler(audio.listFavorite, "audio"),
  followListHandler(audio.listFollow, "audio"),
  detail,
  chaptersList,
  ...sales,
  ...itemMarkHandlers({ like: audio.like, favorite: audio.favorite }, "有声书 id", requireBook),
  ...commentThread({ list: audio.comments, replies: audio.replies, like: audio.likeComment }, { item: "有声书 id", comment: "评论 id" }, requireBook),
  itemCommentHandler(audio.comment, audio.MAX_AUDIO_COMMENT, "有声书 id", requireBook),
];
