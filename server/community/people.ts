import { z } from "zod";
import { accounts, creators } from "#gateway/api/index.ts";
import type { CreatorCard } from "#gateway/api/content-types.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput, paged, pageInput, type Caller } from "#server/http/registry.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { MASKED_INTRO, personShown, PROFILE_MASKED } from "./profiles-shown.ts";
import { SHOWN_TO_VIEWER } from "./report-review.ts";
import { clock } from "#server/clock.ts";

export async function toggleFollow(db: DB, uid: number, target: number) {
  if (uid === target) throw new ApiError(400, "不能关注自己");
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    if (!(await db.get(`SELECT 1 FROM users u WHERE u.id = ? AND ${IS_PERSON}`, [target]))) throw new ApiError(404, "用户不存在");
    const on = (await db.run("DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", [uid, target])) === 0;
    if (on) await db.run("INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)", [uid, target, clock.now()]);
    const d = on ? 1 : -1;
    await db.run("UPDATE users SET fans_count = CASE WHEN fans_count + ? > 0 THEN fans_count + ? ELSE 0 END WHERE id = ?", [d, d, target]);
    await db.run("UPDATE users SET followed_count = CASE WHEN followed_count + ? > 0 THEN followed_count + ? ELSE 0 END WHERE id = ?", [d, d, uid]);
    const fans_count = (await db.value("SELECT fans_count FROM users WHERE id = ?", [target]))!;
    return { is_attention: on ? 1 : 0, fans_count };
  });
}

interface PersonRow {
  id: number;
  nickname: string;
  username: string;
  avatar_url: string;
  intro: string;
  fans_count: number;
  followed_count: number;
  likes_count: number;
  video_count: number;
  is_attention: number;
  is_creator: number;
  profile_masked: number;
}

/** A person (on `u`): a registered member or a creator, not a guest device. */
const IS_PERSON = "(u.phone IS NOT NULL OR u.is_creator = 1)";

export const PERSON_SELECT = `
  SELECT u.id, u.nickname, u.username, u.avatar_url, u.intro, u.fans_count, u.followed_count, u.likes_count, u.is_creator, ${PROFILE_MASKED} AS profile_masked,
    (SELECT COUNT(*) FROM items i WHERE i.creator_id = u.id AND i.kind = 'video' AND ${SHOWN_TO_VIEWER}) AS video_count,
    CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = @uid AND f.followee_id = u.id) THEN 1 ELSE 0 END AS is_attention
  FROM users u`;

/** Creators matching `where` (on `u`), most followed first, with the offset of the page for ranks. */
export async function pageOfCreators(db: DB, uid: number, where: string, params: Record<string, unknown>, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const total = (await db.value(`SELECT COUNT(*) FROM users u WHERE u.is_creator = 1 AND ${where}`, params))!;
  const rows = (await db.all(`${PERSON_SELECT} WHERE u.is_creator = 1 AND ${where} ORDER BY u.fans_count DESC, u.id LIMIT @limit OFFSET @offset`, {
    ...params,
    uid,
    limit,
    offset,
  })) as PersonRow[];
  return { rows, total, offset };
}

export function toCard(origin: string, r: PersonRow): CreatorCard & { followed_count: number; likes_count: number } {
  return {
    ...personShown(origin, r),
    is_attention: r.is_attention ? 1 : 0,
    intro: Number(r.profile_masked) === 1 ? MASKED_INTRO : r.intro,
    fans_count: r.fans_count,
    video_count: r.video_count,
    is_creator: r.is_creator ? 1 : 0,
    followed_count: r.followed_count,
    likes_count: r.likes_count,
  };
}

export async function personById(db: DB, uid: number, id: number): Promise<PersonRow | undefined> {
  return (await db.get(`${PERSON_SELECT} WHERE u.id = @id AND ${IS_PERSON}`, { uid, id })) as PersonRow | undefined;
}

/** Followers or followees of `who`, newest first. */
export async function listPeople(db: DB, origin: string, uid: number, who: number, direction: "following" | "fans", page: number, limit: number) {
  const [mine, theirs] = direction === "following" ? ["follower_id", "followee_id"] : ["followee_id", "follower_id"];
  const total = (await db.value(`SELECT COUNT(*) FROM follows WHERE ${mine} = ?`, [who]))!;
  const rows = (await db.all(`${PERSON_SELECT} JOIN follows fw ON fw.${theirs} = u.id WHERE fw.${mine} = @who ORDER BY fw.created_at DESC LIMIT @limit OFFSET @offset`, {
    uid,
    who,
    limit,
    offset: (page - 1) * limit,
  })) as PersonRow[];
  return paged(rows.map((r) => toCard(origin, r)), page, limit, total);
}

export async function requirePerson(db: DB, viewer: number, uid: number) {
  if (!(await personById(db, viewer, uid))) throw new ApiError(404, "用户不存在");
}

const id = idInput;
const paging = pageInput.shape;

export const creatorPage = defineHandler(creators.creatorPage, {
  auth: "guest",
  input: z.object({ uid: id("用户 id") }),
  async handle({ input, db, origin, caller }) {
    const person = await personById(db, caller.user.id, input.uid);
    if (!person) throw new ApiError(404, "用户不存在");
    return { data: toCard(origin, person) };
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

export const peopleHandlers = [creatorPage, follow, following, fans];
