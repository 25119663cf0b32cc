import { accounts } from "#gateway/api/index.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, intInput } from "#server/http/registry.ts";
import { UPLOADED_IMAGE_PATH } from "#server/uploads/images.ts";
import { beginPasswordAttempt, type LoginAttempt, passwordRight, tryAgainMessage } from "./login-limits.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { createSession, revokeOtherSessions } from "./sessions.ts";
import { insertUser, toProfile, userByAffCode, userById, userByPhone } from "./users.ts";
import { clock } from "#server/clock.ts";

const phone = z.string({ error: "请输入手机号" }).trim().regex(/^1\d{10}$/, "请输入正确的手机号");
const { PASSWORD_LENGTH, MAX_NICKNAME, MAX_INTRO } = accounts;
const passwordMessage = `密码长度为${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max}位`;
const password = z.string({ error: "请输入密码" }).min(PASSWORD_LENGTH.min, passwordMessage).max(PASSWORD_LENGTH.max, passwordMessage);

/**
 * Checks a password under the login limits (decision 066): a refusal throws 429 without checking it; a right one
 * forgets this address's failures for the phone. Unknown accounts (no hash) take the same scrypt.
 */
async function passwordChecked(db: DB, attempt: LoginAttempt, password: string, hash: string | null | undefined): Promise<boolean> {
  const verdict = await beginPasswordAttempt(db, attempt);
  if (verdict.refused) throw new ApiError(429, tryAgainMessage(verdict));
  if (verdict.holdMs) await sleep(verdict.holdMs);
  const right = await verifyPassword(password, hash ?? undefined);
  if (right) await passwordRight(db, attempt);
  return right;
}

export const loginByPassword = defineHandler(accounts.loginByPassword, {
  auth: "guest",
  input: z.object({
    phone: z.string({ error: "请输入手机号" }).trim().min(1, "请输入手机号").max(20, "请输入正确的手机号"),
    password: z.string({ error: "请输入密码" }).min(1, "请输入密码"),
  }),
  async handle({ input, db, caller, address }) {
    const user = await userByPhone(db, input.phone);
    // One message and one scrypt for both cases, so neither the answer nor its time tells which phones are registered.
    const right = await passwordChecked(db, { phone: input.phone, device: caller.oauthId, address }, input.password, user?.password_hash);
    if (!right || !user) throw new ApiError(400, "手机号或密码错误");
    return { data: { token: await createSession(db, user.id), uuid: user.uuid }, msg: "登录成功" };
  },
});

export const register = defineHandler(accounts.register, {
  auth: "guest",
  input: z.object({ phone, password, aff_code: z.string({ error: "邀请码无效" }).trim().max(accounts.MAX_AFF_CODE, "邀请码无效").optional().default("") }),
  async handle({ input, db, caller }) {
    if (await userByPhone(db, input.phone)) throw new ApiError(400, "该手机号已注册，请直接登录");
    const passwordHash = await hashPassword(input.password);
    // Again after the hash: a second request for the phone (a double tap) may have registered it meanwhile.
    if (await userByPhone(db, input.phone)) throw new ApiError(400, "该手机号已注册，请直接登录");
    const inviter = input.aff_code ? await userByAffCode(db, input.aff_code.toUpperCase()) : undefined;
    const userId = await db.transaction(async (db) => {
      const now = clock.now();
      let id = caller.user.id;
      if (caller.isMember) id = (await insertUser(db, {})).id;
      (await db.run(`UPDATE users SET phone = ?, password_hash = ?, username = ?, nickname = CASE WHEN nickname LIKE '游客%' OR nickname = '' THEN ? ELSE nickname END,
         invited_by = ?, invite_by_code = ?, updated_at = ? WHERE id = ?`, [input.phone, passwordHash, `用户${input.phone.slice(-4)}`, `用户${input.phone.slice(-4)}`, inviter && inviter.id !== id ? inviter.id : null, inviter && inviter.id !== id ? inviter.aff_code : "", now, id]));
      return id;
    });
    const user = (await userById(db, userId))!;
    return { data: { token: await createSession(db, user.id), uuid: user.uuid }, msg: "注册成功" };
  },
});

export const userInfo = defineHandler(accounts.userInfo, {
  auth: "guest",
  input: z.object({}),
  handle: async ({ caller, origin, db }) => ({
    data: {
      ...toProfile(caller.user, caller.token, origin),
      msg_unread: caller.isMember ? (await db.value("SELECT COUNT(*) FROM messages WHERE user_id = ? AND is_read = 0", [caller.user.id]) as number) : 0,
    },
  }),
});

/** A day that exists (no 02-30 rolling over into March), from 1900 to today. */
function isBirthday(v: string): boolean {
  const [y, m, d] = v.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && y >= 1900 && day.getTime() <= clock.now();
}

const AVATAR_MESSAGE = "头像地址应为上传的图片或 http(s) 地址，且不含引号、尖括号、空白和反斜杠";

/**
 * Shown as an <img> to others: empty (no avatar), a path the image upload answered, or an http(s) address with
 * nothing that could end an attribute or hide in one. Never javascript: or data: URLs.
 */
function isAvatarUrl(v: string): boolean {
  if (v === "" || UPLOADED_IMAGE_PATH.test(v)) return true;
  if (!/^https?:\/\/[^\s"'`<>\\\p{Cc}]+$/iu.test(v)) return false;
  return URL.canParse(v) && new URL(v).hostname !== "";
}

const birthday = z
  .string({ error: "生日格式应为 YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "生日格式应为 YYYY-MM-DD")
  .refine(isBirthday, "生日无效");

export const updateInfo = defineHandler(accounts.updateInfo, {
  auth: "member",
  input: z.object({
    nickname: z.string({ error: "昵称无效" }).trim().min(1, "昵称不能为空").max(MAX_NICKNAME, `昵称最多${MAX_NICKNAME}个字`).optional(),
    avatar_url: z.string({ error: AVATAR_MESSAGE }).trim().max(500, "头像地址过长").refine(isAvatarUrl, AVATAR_MESSAGE).optional(),
    intro: z.string({ error: "简介无效" }).trim().max(MAX_INTRO, `简介最多${MAX_INTRO}个字`).optional(),
    gender: intInput("性别取值为 0、1、2", { min: 0, max: 2 }).optional(),
    birthday: z.union([birthday, z.literal("")]).optional(),
  }),
  async handle({ input, db, caller, origin }) {
    const fields = Object.entries(input).filter(([, v]) => v !== undefined);
    if (fields.length) {
      await db.run(`UPDATE users SET ${fields.map(([k]) => `${k} = ?`).join(", ")}, updated_at = ? WHERE id = ?`, [...fields.map(([, v]) => v as string | number), clock.now(), caller.user.id]);
    }
    return { data: toProfile((await userById(db, caller.user.id))!, caller.token, origin), msg: "保存成功" };
  },
});

export const updatePwd = defineHandler(accounts.updatePwd, {
  auth: "member",
  input: z.object({ old_password: z.string({ error: "请输入原密码" }).min(1, "请输入原密码"), new_password: password }),
  async handle({ input, db, caller, address }) {
    // Guesses at the old password with a taken token count as wrong logins do.
    const attempt = { phone: caller.user.phone ?? "", device: caller.oauthId, address };
    if (!(await passwordChecked(db, attempt, input.old_password, caller.user.password_hash))) throw new ApiError(400, "原密码错误");
    if (input.old_password === input.new_password) throw new ApiError(400, "新密码不能与原密码相同");
    const passwordHash = await hashPassword(input.new_password);
    await db.transaction(async (db) => {
      await db.run("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", [passwordHash, clock.now(), caller.user.id]);
      await revokeOtherSessions(db, caller.user.id, caller.token);
    });
    return { data: { ok: true }, msg: "密码已修改" };
  },
});

export const memberHandlers = [loginByPassword, register, userInfo, updateInfo, updatePwd];
