import * as accounts from "#gateway/api/accounts.ts";
import * as home from "#gateway/api/home.ts";
import type { GlobalConfig, ReportType } from "#gateway/api/types.ts";
import * as video from "#gateway/api/video.ts";
import { SPLASH_AFF_PARAM } from "#gateway/config.ts";
import { resetOAuthId } from "#gateway/identity.ts";
import { loadAudioPlayer } from "#app/features/audio/load-player.ts";
import { audioStore } from "#app/stores/audio.ts";
import { globalStore, resetAllStores, userStore } from "#app/stores/index.ts";
import { api, together } from "./gateway.ts";
import { localStore } from "./safe-storage.ts";

const AFF_KEY = `___${SPLASH_AFF_PARAM.toUpperCase()}__`;

export function rememberAffCode(code: string) {
  if (!code) return;
  localStore.setItem(AFF_KEY, code);
  globalStore.set((s) => {
    s.affCode = code;
  });
}

export function storedAffCode(): string {
  return globalStore.get().affCode || localStore.getItem(AFF_KEY) || "";
}

let configSync: Promise<GlobalConfig> | undefined;

/** Loads the global config once per page load (and again after login/logout). */
export function syncGlobalConfig(force = false): Promise<GlobalConfig> {
  const loaded = globalStore.get().config;
  if (loaded && !force) return Promise.resolve(loaded);
  if (configSync && !force) return configSync;
  const sync = api(home.getConfig, undefined).then((config) => {
    globalStore.set((s) => {
      s.config = config;
    });
    return config;
  });
  configSync = sync;
  void sync.catch(() => undefined).finally(() => {
    if (configSync === sync) configSync = undefined;
  });
  return sync;
}

let reportTypesLoad: Promise<ReportType[]> | undefined;

/**
 * The report reasons, fetched when a member first reports something rather than at start-up: the first
 * screen has no use for them, and on a slow line every call there delays it.
 */
export function loadReportTypes(): Promise<ReportType[]> {
  reportTypesLoad ??= api(video.reportType, undefined).catch((error: unknown) => {
    reportTypesLoad = undefined;
    throw error;
  });
  return reportTypesLoad;
}

/** Refreshes the profile of whoever is using the device (member or guest). */
export async function syncUser() {
  const u = await api(accounts.userInfo, undefined);
  userStore.set((s) => {
    s.u = u;
    s.isLogin = Boolean(userStore.get().token) && u.is_reg === 1;
  });
  return u;
}

/** After login or register: reset every store, keep the token, re-sync config and profile. */
export async function startSession(token: string) {
  if (!token) throw new Error("@用户登录失败");
  const affCode = storedAffCode();
  resetAllStores();
  userStore.set((s) => {
    s.token = token;
    s.isLogin = true;
  });
  if (affCode) rememberAffCode(affCode);
  await Promise.all(together(() => [syncGlobalConfig(true), syncUser()]));
}

/** Clears the device identity and every store; the caller navigates to `to` (default /home). */
export async function endSession() {
  resetOAuthId(localStore);
  // The book playing is the member's: it stops, and is not kept for whoever uses the device next.
  if (audioStore.get().book) await loadAudioPlayer().then((m) => m.close(), () => audioStore.reset());
  // Resetting the user store also removes its stored entry (the token).
  resetAllStores();
  await syncGlobalConfig(true).catch(() => undefined);
}

