import type { User } from "#gateway/api/types.ts";
import { TOKEN_STORAGE_KEY } from "#gateway/config.ts";
import { createStore } from "./create-store.ts";

export interface UserState {
  isLogin: boolean;
  u: User | null;
  token: string;
}

/** The signed-in member (or the guest profile); persisted in local storage. */
export const userStore = createStore<UserState>({ isLogin: false, u: null, token: "" }, { persist: { kind: "local", key: TOKEN_STORAGE_KEY } });

/** A member is signed in (a token kept on the device). */
export function isLoggedIn() {
  return userStore.get().isLogin && Boolean(userStore.get().token);
}

/** The balance a purchase or gift answered with. */
export function setCoins(coins: number) {
  userStore.set((s) => {
    if (s.u) s.u.coins = coins;
  });
}
