import type { z } from "zod";
import { home } from "#gateway/api/index.ts";
import type { ClubInfo, ClubPrivilege, CreatorRankEntry, FanRankEntry } from "#gateway/api/content-types.ts";
import { encImageUrl } from "#server/content/media.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, paged, pageInput } from "#server/http/registry.ts";
import { joinClubPaying } from "#server/wallet/purchases.ts";
import { creatorInput, creatorPage, type Ctx } from "./creators.ts";
import { pageOfCreators, toCard } from "./people.ts";
import { personShown, PROFILE_MASKED } from "./profiles-shown.ts";

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
  return async ({ input, db, origin, caller }: Ctx<z.infer<typeof creatorPage>>) => {
    await requireClub(db, input.uid);
    const total = (await db.value<number>("SELECT COUNT(*) FROM club_members WHERE creator_id = ?", [input.uid]))!;
    const offset = (input.page - 1) * input.limit;
    const rows = await db.all<{ id: number; score: number; nickname: string; username: string; avatar_url: string; profile_masked: number }>(
      `SELECT u.id, m.score, u.nickname, u.username, u.avatar_url, ${PROFILE_MASKED} AS profile_masked FROM club_members m JOIN users u ON u.id = m.user_id
       WHERE m.creator_id = @creator ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      { creator: input.uid, uid: caller.user.id, limit: input.limit, offset },
    );
    const list: FanRankEntry[] = rows.map((r, i) => ({ rank: offset + i + 1, ...personShown(origin, r), score: r.score }));
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

export const clubHandlers = [clubInfo, joinClub, clubRules, clubPrivileges, clubRank, clubNewest, creatorRank];
