import { randomInt, randomUUID } from "node:crypto";
import type { User } from "#gateway/api/types.ts";
import { clock, isoDate } from "#server/clock.ts";
import { isUniqueViolation } from "#server/db/database.ts";
import type { DB } from "#server/db/index.ts";

export interface UserRow {
  id: number;
  uuid: string;
  oauth_id: string | null;
  phone: string | null;
  password_hash: string | null;
  username: string;
  nickname: string;
  avatar_url: string;
  intro: string;
  gender: number;
  birthday: string;
  aff_code: string;
  invited_by: number | null;
  invite_by_code: string;
  coins: number;
  coins_total: number;
  consumption: number;
  /** When VIP ends (ms); 0 when never VIP. */
  vip_expires_at: number;
  level: number;
  auth_level: number;
  auth_status: number;
  can_watch: number;
  fans_count: number;
  followed_count: number;
  likes_count: number;
  live_count: number;
  is_recommend: number;
  tui_coins_cents: number;
  total_tui_coins_cents: number;
}

const AFF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

async function newAffCode(db: DB): Promise<string> {
  for (;;) {
    let code = "";
    for (let i = 0; i < 6; i++) code += AFF_ALPHABET[randomInt(AFF_ALPHABET.length)];
    if (!(await db.get("SELECT 1 FROM users WHERE aff_code = ?", [code]))) return code;
  }
}

export async function userById(db: DB, id: number): Promise<UserRow | undefined> {
  return (await db.get("SELECT * FROM users WHERE id = ?", [id])) as UserRow | undefined;
}

export async function userByPhone(db: DB, phone: string): Promise<UserRow | undefined> {
  return (await db.get("SELECT * FROM users WHERE phone = ?", [phone])) as UserRow | undefined;
}

export async function userByAffCode(db: DB, code: string): Promise<UserRow | undefined> {
  return (await db.get("SELECT * FROM users WHERE aff_code = ?", [code])) as UserRow | undefined;
}

export interface NewUser {
  oauthId?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  username?: string;
  coins?: number;
  /** When VIP ends (ms); unset, never VIP. */
  vipExpiresAt?: number;
  level?: number;
}

export async function insertUser(db: DB, input: NewUser): Promise<UserRow> {
  const now = clock.now();
  const uuid = randomUUID();
  const username = input.username ?? `游客${uuid.slice(0, 6)}`;
  const id = await db.insert(
    `INSERT INTO users (uuid, oauth_id, phone, password_hash, username, nickname, aff_code, coins, coins_total, vip_expires_at, level, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [uuid, input.oauthId ?? null, input.phone ?? null, input.passwordHash ?? null, username, username, await newAffCode(db), input.coins ?? 0, input.coins ?? 0, input.vipExpiresAt ?? 0, input.level ?? 0, now, now],
  );
  return (await userById(db, id))!;
}

/** The guest account of a device, created on its first call. */
export async function guestForOAuthId(db: DB, oauthId: string): Promise<UserRow> {
  const existing = (await db.get("SELECT * FROM users WHERE oauth_id = ?", [oauthId])) as UserRow | undefined;
  if (existing) return existing;
  try {
    return await insertUser(db, { oauthId });
  } catch (error) {
    // Two first calls of one device at once (a batch beside a feed, or two processes): the other made it.
    if (!isUniqueViolation(error)) throw error;
    return (await db.get<UserRow>("SELECT * FROM users WHERE oauth_id = ?", [oauthId]))!;
  }
}

/** Whether the member is VIP now: every VIP decision asks this (decision 064). */
export const isVip = (user: Pick<UserRow, "vip_expires_at">): boolean => Number(user.vip_expires_at) > clock.now();

/** The `vip` field of answers: 1 while VIP, 0 before and after. */
export const vipFlag = (user: Pick<UserRow, "vip_expires_at">): number => (isVip(user) ? 1 : 0);

const DAY_MS = 86_400_000;

/** Gives a member `days` of VIP (a plan paid, a code): added to the end while VIP, else from `now` (decision 064). */
export async function extendVip(db: DB, userId: number, days: number, now: number): Promise<void> {
  await db.run("UPDATE users SET vip_expires_at = (CASE WHEN vip_expires_at > ? THEN vip_expires_at ELSE ? END) + ?, updated_at = ? WHERE id = ?", [now, now, days * DAY_MS, now, userId]);
}

/** When VIP ends as the protocol writes times; empty when never VIP. */
export const vipEnd = (user: Pick<UserRow, "vip_expires_at">): string => (Number(user.vip_expires_at) > 0 ? isoDate(Number(user.vip_expires_at)) : "");

const money = (cents: number) => (cents / 100).toFixed(2);

/** The profile every client sees; `origin` builds the share links. */
export function toProfile(row: UserRow, token: string, origin: string): User {
  const shareUrl = `${origin}/?aff_code=${row.aff_code}`;
  return {
    uid: row.id,
    uuid: row.uuid,
    username: row.username,
    nickname: row.nickname,
    phone: row.phone ?? "",
    avatar_url: row.avatar_url,
    intro: row.intro,
    gender: row.gender,
    birthday: row.birthday,
    aff_code: row.aff_code,
    aff_url_copy: `邀请码 ${row.aff_code}，打开链接注册即可绑定：${shareUrl}`,
    share_url: shareUrl,
    auth_level: row.auth_level,
    auth_status: row.auth_status,
    can_watch: row.can_watch,
    coins: row.coins,
    coins_total: row.coins_total,
    consumption: row.consumption,
    fans_count: row.fans_count,
    followed_count: row.followed_count,
    invite_by_code: row.invite_by_code,
    is_attention: 0,
    is_recommend: row.is_recommend,
    is_reg: row.phone ? 1 : 0,
    vip: vipFlag(row),
    vip_expires_at: vipEnd(row),
    level: row.level,
    likes_count: row.likes_count,
    live_count: row.live_count,
    token,
    total_tui_coins: money(row.total_tui_coins_cents),
    tui_coins: money(row.tui_coins_cents),
  };
}
