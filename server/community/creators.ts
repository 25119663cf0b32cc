import { z } from "zod";
import { creators, home } from "#gateway/api/index.ts";
import type { Compilation } from "#gateway/api/content-types.ts";
import type { UserRow } from "#server/accounts/users.ts";
import { pageOfSeries, toCompilation } from "#server/content/discovery.ts";
import { orderFor, pageOfVideos } from "#server/content/video.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, pageInput } from "#server/http/registry.ts";

// The creator centre: a creator's videos and compilations. Their headlines are in headlines.ts, their fan clubs in clubs.ts.

const id = idInput;
export const creatorInput = z.object({ uid: id("创作者 id") });
export const creatorPage = z.object({ uid: id("创作者 id"), ...pageInput.shape });
export type Ctx<I> = { input: I; db: DB; origin: string; caller: { user: UserRow; isMember: boolean } };

export async function requireCreator(db: DB, uid: number) {
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
  async handle({ input, db, origin, caller }) {
    await requireCreator(db, input.uid);
    const { rows } = await pageOfSeries(db, caller.user.id, "s.creator_id = @creator", { creator: input.uid }, 1, 50);
    return { data: rows.map((r) => toCompilation(origin, r)) satisfies Compilation[] };
  },
});

export const creatorHandlers = [featured, small, clubVideos, compilations];
