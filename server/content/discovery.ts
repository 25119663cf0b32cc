import { z } from "zod";
import { home, video } from "#gateway/api/index.ts";
import type { Compilation, CreatorWithVideos, Element, Style, TagWithVideos } from "#gateway/api/content-types.ts";
import type { UserRow } from "#server/accounts/users.ts";
import { pageOfCreators, toCard } from "#server/community/people.ts";
import { creatorShown, PROFILE_MASKED } from "#server/community/profiles-shown.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, intInput, paged, pageInput, sortInput } from "#server/http/registry.ts";
import { encImageUrl } from "./media.ts";
import { orderFor, pageOfVideos } from "./video.ts";

interface SeriesRow {
  id: number;
  title: string;
  creator_id: number | null;
  nickname: string | null;
  avatar_url: string | null;
  profile_masked: number;
  video_count: number;
}

const SERIES_SELECT = `
  SELECT s.id, s.title, s.creator_id, u.nickname, u.avatar_url, ${PROFILE_MASKED} AS profile_masked, (SELECT COUNT(*) FROM items i WHERE i.series_id = s.id AND i.hidden = 0) AS video_count
  FROM series s LEFT JOIN users u ON u.id = s.creator_id WHERE s.kind = 'video'`;

const toElement = (origin: string, r: SeriesRow): Element => ({
  id: r.id,
  title: r.title,
  description: `${r.title}：精选 ${r.video_count} 部视频`,
  cover: encImageUrl(origin, `series-${r.id}`, 480, 270, r.title),
  video_count: r.video_count,
});

export function toCompilation(origin: string, r: SeriesRow): Compilation {
  return {
    id: r.id,
    title: r.title,
    cover: encImageUrl(origin, `series-${r.id}`, 480, 270, r.title),
    video_count: r.video_count,
    creator: r.creator_id
      ? creatorShown(origin, { id: r.creator_id, nickname: r.nickname ?? "", username: "", avatar_url: r.avatar_url ?? "", profile_masked: r.profile_masked }, 0)
      : { uid: 0, nickname: "", avatar_url: "", is_attention: 0 },
  };
}

/** Series of videos, in id order, optionally narrowed by a SQL condition on `s`, as `viewer` sees their creators. */
export async function pageOfSeries(db: DB, viewer: number, where: string, params: Record<string, unknown>, page: number, limit: number): Promise<{ rows: SeriesRow[]; total: number }> {
  const total = (await db.value<number>(`SELECT COUNT(*) FROM series s WHERE s.kind = 'video' AND ${where}`, params))!;
  const rows = await db.all<SeriesRow>(`${SERIES_SELECT} AND ${where} ORDER BY s.id LIMIT @limit OFFSET @offset`, { ...params, uid: viewer, limit, offset: (page - 1) * limit });
  return { rows, total };
}

export const elements = defineHandler(home.elements, {
  auth: "guest",
  input: pageInput,
  async handle({ input, db, origin, caller }) {
    const { rows, total } = await pageOfSeries(db, caller.user.id, "1 = 1", {}, input.page, input.limit);
    return { data: paged(rows.map((r) => toElement(origin, r)), input.page, input.limit, total) };
  },
});

export const elementVideos = defineHandler(home.elementVideos, {
  auth: "guest",
  input: z.object({ id: idInput("专题 id"), ...pageInput.shape }),
  async handle({ input, db, origin, caller }) {
    if (!(await db.get("SELECT 1 FROM series WHERE id = ?", [input.id]))) throw new ApiError(404, "专题不存在");
    return {
      data: await pageOfVideos(db, { where: "i.series_id = @series", params: { series: input.id }, order: "i.created_at, i.id", page: input.page, limit: input.limit, origin, user: caller.user }),
    };
  },
});

export const featured = defineHandler(home.featuredTopics, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 10_000,
  async handle({ db, origin }) {
    // Shared by every caller for a while (cacheMs): no creator in it, so no viewer.
    const rows = await db.all<SeriesRow>(`${SERIES_SELECT} ORDER BY video_count DESC, s.id LIMIT 5`, { uid: 0 });
    return { data: rows.map((r) => toElement(origin, r)) };
  },
});

export const compilations = defineHandler(home.compilations, {
  auth: "guest",
  input: pageInput,
  async handle({ input, db, origin, caller }) {
    const { rows, total } = await pageOfSeries(db, caller.user.id, "1 = 1", {}, input.page, input.limit);
    return { data: paged(rows.map((r) => toCompilation(origin, r)), input.page, input.limit, total) };
  },
});

const PREVIEW = 4;
/** Pages of groups (each with a few videos) are short. */
const shortPage = z.object({ page: pageInput.shape.page, limit: intInput("limit 应为 1–20 的整数", { max: 20 }).default(10) });

function tagGroups(order: string) {
  return async ({ input, db, origin, caller }: { input: z.infer<typeof shortPage>; db: DB; origin: string; caller: { user: UserRow } }) => {
    const total = (await db.value<number>("SELECT COUNT(DISTINCT it.tag_id) FROM item_tags it JOIN items i ON i.id = it.item_id WHERE i.kind = 'video' AND i.hidden = 0"))!;
    const rows = await db.all<{ name: string; video_count: number }>(
      `SELECT t.name, COUNT(*) AS video_count, MAX(i.created_at) AS newest FROM item_tags it JOIN tags t ON t.id = it.tag_id JOIN items i ON i.id = it.item_id
       WHERE i.kind = 'video' AND i.hidden = 0 GROUP BY t.id, t.name ORDER BY ${order} LIMIT ? OFFSET ?`,
      [input.limit, (input.page - 1) * input.limit],
    );
    const list: TagWithVideos[] = [];
    for (const r of rows) {
      const videos = await pageOfVideos(db, {
        where: "i.id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.name = @tag)",
        params: { tag: r.name },
        order: orderFor("hot"),
        page: 1,
        limit: PREVIEW,
        origin,
        user: caller.user,
      });
      list.push({ name: r.name, video_count: r.video_count, videos: videos.list });
    }
    return { data: paged(list, input.page, input.limit, total) };
  };
}

export const tagsWithVideos = defineHandler(home.tagsWithVideos, { auth: "guest", input: shortPage, handle: tagGroups("video_count DESC, t.id") });
export const tagsWithNewVideos = defineHandler(home.tagsWithNewVideos, { auth: "guest", input: shortPage, handle: tagGroups("newest DESC, t.id") });

const smallInput = z.object({ tag: z.string({ error: "标签名无效" }).trim().max(video.MAX_TAG_NAME, `标签名最多 ${video.MAX_TAG_NAME} 个字`).optional(), ...pageInput.shape });
function smallVideos(sort: "new" | "hot") {
  return async ({ input, db, origin, caller }: { input: z.infer<typeof smallInput>; db: DB; origin: string; caller: { user: UserRow } }) => ({
    data: await pageOfVideos(db, {
      where: input.tag
        ? "i.cover_ratio = '9X16' AND i.id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.name = @tag)"
        : "i.cover_ratio = '9X16'",
      params: { tag: input.tag ?? "" },
      order: orderFor(sort),
      page: input.page,
      limit: input.limit,
      origin,
      user: caller.user,
    }),
  });
}
export const smallByTag = defineHandler(home.smallByTag, { auth: "guest", input: smallInput, handle: smallVideos("new") });
export const smallHotByTag = defineHandler(home.smallHotByTag, { auth: "guest", input: smallInput, handle: smallVideos("hot") });

export const creatorsWithVideos = defineHandler(home.creatorsWithVideos, {
  auth: "guest",
  input: shortPage,
  async handle({ input, db, origin, caller }) {
    const { rows: people, total } = await pageOfCreators(db, caller.user.id, "1 = 1", {}, input.page, input.limit);
    const list: CreatorWithVideos[] = [];
    for (const p of people) {
      const videos = await pageOfVideos(db, { where: "i.creator_id = @creator", params: { creator: p.id }, order: orderFor("new"), page: 1, limit: 3, origin, user: caller.user });
      list.push({ ...toCard(origin, p), videos: videos.list });
    }
    return { data: paged(list, input.page, input.limit, total) };
  },
});

// The category page: styles, hot tags, and videos by style or by tags.
export const styles = defineHandler(home.styles, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 10_000,
  handle: async ({ db }) => ({ data: await db.all<Style>("SELECT id, name, section FROM categories WHERE kind = 'video' ORDER BY section DESC, sort, id") }),
});

export const hotTags = defineHandler(home.hotTags, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 10_000,
  handle: async ({ db }) => ({
    data: await db.all<{ name: string; video_count: number }>(
      "SELECT t.name, COUNT(*) AS video_count FROM item_tags it JOIN tags t ON t.id = it.tag_id JOIN items i ON i.id = it.item_id WHERE i.kind = 'video' AND i.hidden = 0 GROUP BY t.id, t.name ORDER BY SUM(i.hot) DESC LIMIT 16",
    ),
  }),
});

export const byStyle = defineHandler(home.byStyle, {
  auth: "guest",
  input: z.object({ style_id: idInput("分类 id"), sort: sortInput, ...pageInput.shape }),
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfVideos(db, { where: "i.category_id = @style", params: { style: input.style_id }, order: orderFor(input.sort), page: input.page, limit: input.limit, origin, user: caller.user }),
  }),
});

export const byTags = defineHandler(home.byTags, {
  auth: "guest",
  input: z.object({ tags: z.string({ error: "请选择标签" }).trim().min(1, "请选择标签").max(home.MAX_TAGS_TEXT, "标签过多"), ...pageInput.shape }),
  async handle({ input, db, origin, caller }) {
    const names = [...new Set(input.tags.split(",").map((t) => t.trim()).filter(Boolean))].slice(0, 10);
    return {
      data: await pageOfVideos(db, {
        // An array expands to a list (`?, ?, …`); an empty one matches nothing.
        where: "i.id IN (SELECT it.item_id FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE t.name IN (@names))",
        params: { names },
        order: orderFor("new"),
        page: input.page,
        limit: input.limit,
        origin,
        user: caller.user,
      }),
    };
  },
});

export const discoveryHandlers = [
  elements, elementVideos, featured, compilations, tagsWithVideos, tagsWithNewVideos, smallByTag, smallHotByTag, creatorsWithVideos, styles, hotTags, byStyle, byTags,
];
