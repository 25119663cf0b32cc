import type { Page } from "puppeteer";
import { OAUTH_ID_STORAGE_KEY, TOKEN_STORAGE_KEY } from "#gateway/config.ts";
import type { ProbeName } from "./steps.ts";
import type { SmokeOptions } from "./types.ts";

/** A step that found nothing to open: reported as skipped, with the reason. */
export class Skip extends Error {}

export interface ProbeContext {
  page: Page;
  opts: SmokeOptions;
  /** The app's address, without a trailing slash. */
  url: string;
  /** The balance /my showed last (the purchase compares against it). */
  balance: number | undefined;
}

type Probe = (ctx: ProbeContext) => Promise<{ lcpMs?: number; detail?: string } | void>;

const visible = (page: Page, selector: string, timeout?: number) =>
  page.waitForFunction((sel) => [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.checkVisibility()), timeout ? { timeout } : {}, selector);

/** Taps the first visible, enabled element of `selector` whose text matches. */
export const tapButton = (page: Page, text: string | RegExp, selector = "button") =>
  page.waitForFunction(
    (source, flags, sel) => {
      const re = new RegExp(source, flags);
      const el = [...document.querySelectorAll<HTMLButtonElement>(sel)].find((e) => e.checkVisibility() && re.test(e.textContent ?? "") && !e.disabled);
      el?.click();
      return Boolean(el);
    },
    {},
    typeof text === "string" ? text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : text.source,
    typeof text === "string" ? "" : text.flags,
    selector,
  );

/**
 * Answers the confirmation a tap may open, else goes on once `done` holds in the page: whichever comes first,
 * so a dialog that is slow to open on a busy phone is still answered (a fixed wait for it missed some).
 */
async function answerDialogUnless(page: Page, text: string, done: (arg: string) => boolean, arg = "") {
  const stop = new AbortController();
  const dialog = page.waitForSelector(".adm-dialog-button", { visible: true, signal: stop.signal }).then(() => "dialog" as const);
  const finished = page.waitForFunction(done, { signal: stop.signal }, arg).then(() => "done" as const);
  const first = await Promise.race([dialog, finished]).finally(() => stop.abort());
  await Promise.allSettled([dialog, finished]);
  if (first === "done") return;
  await tapButton(page, text, ".adm-dialog-button");
  await page.waitForFunction(() => ![...document.querySelectorAll(".adm-dialog")].some((d) => d.checkVisibility()));
}

async function readBalance(page: Page): Promise<number> {
  const text = await page.waitForFunction(() => {
    const el = [...document.querySelectorAll<HTMLElement>('[data-testid="coins"]')].find((e) => e.checkVisibility());
    return el && /^\d+$/.test(el.textContent?.trim() ?? "") ? el.textContent!.trim() : false;
  });
  return Number(await text.jsonValue());
}

const onTabs = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLElement>("nav.tab-bar")].some((n) => n.checkVisibility()));

async function backToTabs(page: Page) {
  for (let i = 0; i < 6 && !(await onTabs(page)); i++) {
    const at = await page.evaluate(() => location.href);
    await page.evaluate(() => history.back());
    await page.waitForFunction((a) => location.href !== a, { timeout: 5_000 }, at).catch(() => undefined);
    // The screen gone back to is kept alive: it shows again at once, or it is not a tab.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>("nav.tab-bar")].some((n) => n.checkVisibility()), { timeout: 2_000 }).catch(() => undefined);
  }
  if (!(await onTabs(page))) await page.goto(new URL("/home", page.url()).href);
}

/** Back to the tab bar (the screens' own back, as a person would), then the tab `label`. */
export async function tab(page: Page, label: string, path: string) {
  await backToTabs(page);
  await tapButton(page, label, "nav.tab-bar a");
  await page.waitForFunction((p) => location.pathname === p, {}, path);
}

export const PROBES: Record<ProbeName, Probe> = {
  async "age-gate"({ page, url }) {
    await page.goto(url);
    await tapButton(page, "我已年满 18 岁");
    await page.waitForFunction(() => location.pathname === "/home");
    await visible(page, "a.video-card");
  },

  /** A returning visitor's first screen, loaded on the run's network: its largest contentful paint. */
  async "first-screen"({ page, url }) {
    await page.goto(`${url}/home`);
    await visible(page, "a.video-card");
    const lcp = await page.waitForFunction(() => (window as unknown as { __smokeLcp?: number }).__smokeLcp ?? false);
    return { lcpMs: Math.round(Number(await lcp.jsonValue())) };
  },

  async "video-frame"({ page }) {
    // Started as the player starts it (muted autoplay); a frame drawn means the video decoded and played.
    await page.waitForFunction(
      () => {
        const v = [...document.querySelectorAll("video")].find((e) => e.checkVisibility());
        if (!v) return false;
        if (v.paused) {
          v.muted = true;
          void v.play().catch(() => undefined);
        }
        return v.readyState >= 2 && v.currentTime > 0;
      },
      { polling: 200 },
    );
  },

  async "service-worker"({ page }) {
    await page.waitForFunction(async () => Boolean(await navigator.serviceWorker?.ready), { timeout: 30_000 });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
  },

  async "offline-shell"({ page }) {
    await page.setOfflineMode(true);
    try {
      await page.reload();
      // The app's files from the service worker (not the browser's offline page): the app itself says it is offline,
      // in its shell, whose tab bar still leads everywhere (decision 074).
      await page.waitForFunction(() => location.protocol.startsWith("http") && document.body.textContent?.includes("网络已断开"));
      await visible(page, "nav.tab-bar a");
    } finally {
      await page.setOfflineMode(false);
    }
    await page.reload();
  },

  async login(ctx) {
    const { page, opts } = ctx;
    const member = opts.member!;
    if ("profile" in member) {
      // The CLI profile's device and token, as the app keeps them after a login.
      await page.evaluate(
        (keys, m) => {
          localStorage.setItem(keys.oauth, m.oauthId);
          localStorage.setItem(keys.token, JSON.stringify({ isLogin: true, token: m.token, u: null }));
        },
        { oauth: OAUTH_ID_STORAGE_KEY, token: TOKEN_STORAGE_KEY },
        member,
      );
      await page.goto(`${ctx.url}/my`);
      await readBalance(page);
      return { detail: `profile ${member.profile}` };
    }
    await tab(page, "我的", "/my");
    await tapButton(page, /登录/, 'a[href^="/login"]');
    await page.waitForFunction(() => location.pathname === "/login");
    await page.locator('input[name="phone"]').fill(member.phone);
    await page.locator('input[name="password"]').fill(member.password);
    await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
    await page.waitForFunction(() => location.pathname === "/my");
    await readBalance(page);
  },

  async balance(ctx) {
    ctx.balance = await readBalance(ctx.page);
    return { detail: `${ctx.balance} coins` };
  },

  async logout({ page }) {
    await tab(page, "我的", "/my");
    await tapButton(page, "设置", "a");
    await page.waitForFunction(() => location.pathname === "/my/setting");
    await tapButton(page, "退出登录");
    const home = (p: string) => location.pathname === p;
    await answerDialogUnless(page, "退出", home, "/home");
    await page.waitForFunction(home, {}, "/home");
  },

  async comment({ page }) {
    const text = `smoke ${new Date().toISOString().slice(0, 19)} ${Math.random().toString(36).slice(2, 6)}`;
    await page.locator('input[aria-label="评论内容"]').fill(text);
    await tapButton(page, "发送");
    await page.waitForFunction((t) => [...document.querySelectorAll<HTMLElement>("p, div, span")].some((e) => e.checkVisibility() && e.textContent?.trim() === t), {}, text);
    // Found again after a reload: the gateway kept it.
    await page.reload();
    await page.waitForFunction((t) => [...document.querySelectorAll<HTMLElement>("p, div, span")].some((e) => e.checkVisibility() && e.textContent?.trim() === t), {}, text);
    return { detail: text };
  },

  /** Added and removed; an item the account already keeps is removed and added back, so it ends as it began. */
  async favourite({ page }) {
    const state = async () =>
      String(
        await (
          await page.waitForFunction(() => {
            const b = [...document.querySelectorAll<HTMLButtonElement>("button")].find((e) => e.checkVisibility() && !e.disabled && /^(☆\s*)?收藏$|已收藏/.test(e.textContent?.trim() ?? ""));
            return b ? (/已收藏/.test(b.textContent ?? "") ? "kept" : "not kept") : false;
          })
        ).jsonValue(),
      );
    const toggle = async (from: string) => {
      await tapButton(page, from === "kept" ? /已收藏/ : /^(☆\s*)?收藏$/);
      const turned = (f: string) => [...document.querySelectorAll<HTMLButtonElement>("button")].some((b) => b.checkVisibility() && !b.disabled && /收藏/.test(b.textContent ?? "") && /已收藏/.test(b.textContent ?? "") === (f !== "kept"));
      if (from === "kept") await answerDialogUnless(page, "确定", turned, from);
      await page.waitForFunction(turned, {}, from);
    };
    const first = await state();
    await toggle(first);
    await toggle(first === "kept" ? "not kept" : "kept");
    return { detail: first === "kept" ? "kept already: removed and added back" : "added and removed" };
  },

  /**
   * One purchase of at most `--spend` coins: the first locked article of the 黑料 list whose price fits, by its
   * unlock button. The balance before and after is read on /my; it may have moved by that price only.
   */
  async purchase(ctx) {
    const { page, opts } = ctx;
    const limit = opts.spend!;
    await tab(page, "我的", "/my");
    const before = await readBalance(page);
    await tab(page, "黑料", "/scandalous");
    await visible(page, "a.news-row");
    const rows = await page.$$eval("a.news-row", (as) => as.filter((a) => a.checkVisibility()).length);
    let price: number | undefined;
    for (let i = 0; i < Math.min(rows, 8) && price === undefined; i++) {
      await page.evaluate((n) => [...document.querySelectorAll<HTMLElement>("a.news-row")].filter((a) => a.checkVisibility())[n]?.click(), i);
      await page.waitForFunction(() => location.pathname === "/scandalous/detail");
      // Free, locked or already bought: the screen says which once its data has come.
      const found = await page.waitForFunction(() => {
        const unlock = [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.checkVisibility() && /(\d+) 金币解锁/.test(b.textContent ?? ""));
        if (unlock) return Number(/(\d+) 金币解锁/.exec(unlock.textContent!)![1]);
        return [...document.querySelectorAll<HTMLElement>(".rich-text")].some((e) => e.checkVisibility()) ? -1 : false;
      });
      const p = Number(await found.jsonValue());
      if (p > 0 && p <= limit && p <= before) {
        price = p;
        await tapButton(page, `${p} 金币解锁`);
        const unlocked = () => ![...document.querySelectorAll<HTMLButtonElement>("button")].some((b) => b.checkVisibility() && /金币解锁/.test(b.textContent ?? ""));
        await answerDialogUnless(page, "解锁", unlocked);
        await page.waitForFunction(unlocked);
      }
      await backToTabs(page);
    }
    if (price === undefined) throw new Skip(`no locked article at ${limit} coins or less among the first ${Math.min(rows, 8)} on /scandalous`);
    await tab(page, "我的", "/my");
    // The balance shown is the member's as the gateway answers it once /my loads again.
    const after = await page
      .waitForFunction(
        (b) => {
          const el = [...document.querySelectorAll<HTMLElement>('[data-testid="coins"]')].find((e) => e.checkVisibility());
          const n = Number(el?.textContent?.trim());
          return Number.isFinite(n) && n !== b ? n : false;
        },
        { timeout: 10_000 },
        before,
      )
      .then((h) => h.jsonValue() as Promise<number>);
    const moved = before - after;
    if (moved <= 0 || moved > limit) throw new Error(`balance moved ${moved} coins (${before} → ${after}) for a price of ${price}; --spend ${limit}`);
    ctx.balance = after;
    return { detail: `${price} coins: ${before} → ${after}` };
  },
};
