import { endpoint } from "../client.ts";
import type { LoginResult, User } from "./types.ts";

export const loginByPassword = endpoint<{ phone: string; password: string }, LoginResult>("/api/Home/loginByPassword");

export const register = endpoint<
  { phone: string; password: string; aff_code?: string },
  LoginResult
>("/api/Home/register");

export const userInfo = endpoint<void, User>("/api/user/userinfo");

export type ProfileUpdate = Partial<Pick<User, "nickname" | "avatar_url" | "intro" | "gender" | "birthday">>;
export const updateInfo = endpoint<ProfileUpdate, User>("/api/user/updateInfo");

export const updatePwd = endpoint<{ old_password: string; new_password: string }, { ok: true }>("/api/user/updatePwd");
