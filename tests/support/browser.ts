import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import puppeteer, { KnownDevices, type Browser, type Page } from "puppeteer";
import { afterAll, beforeAll, inject, onTestFinished } from "vitest";
import { accounts } from "#gateway/api/index.ts";
import { headlessMode } from "#cli/smoke/chromium.ts";
import { startTestGateway, testClient, type TestGateway } from "./gateway.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same engine without the browser's own UI): some
 * 20 % less CPU per page than the full browser in headless mode (decision 104). Where it is missing, or
 * CHROMIUM_PATH names a browser, the tests run on that.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const shell = !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL);
/** What the tests' browsers run on: for a CLI smoke run's CHROMIUM_PATH too. */
export const TEST_CHROMIUM = shell ? HEADLESS_SHELL : CHROMIUM;
export const PHONE = KnownDevices["iPhone 13"];

export interface LaunchOptions {
  /**
   * The full browser, not the headless shell: for what only a browser with windows does, such as hiding a page when
   * another tab comes to the front.
   */
  full?: boolean;
}

export async function launchBrowser(extraArgs: string[] = [], { full = false }: LaunchOptions = {}): Promise<Browser> {
  const executablePath = full ? CHROMIUM : TEST_CHROMIUM;
  return puppeteer.launch({
    executablePath,
    // The smoke CLI's rule, so a CHROMIUM_PATH naming a headless shell runs too.
    headless: headlessMode(executablePath),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      // The desktop omnibox popups (WebUI pages of their own) that Chromium opens for every window, so for every
      // browser context: some 2 s of CPU each, for nothing a test looks at.
      "--disable-features=WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,WebUIOmniboxPopup,PreloadTopChromeWebUI",
      ...extraArgs,
    ],
  });
}

/**
 * The browser a test file uses: its worker's browser of the run (tests/support/browser-setup.ts) where the project
 * launched them, else one of its own. `release` leaves a shared browser as the file found it: every context the file
 * opened closed, then disconnected.
 */
async function fileBrowser(): Promise<{ browser: Browser; release(): Promise<void> }> {
  const endpoint = inject("browserEndpoints")?.[Number(process.env.VITEST_POOL_ID) - 1];
  const shared = endpoint ? await puppeteer.connect({ browserWSEndpoint: endpoint }).catch(() => undefined) : undefined;
  if (!shared) {
    const own = await launchBrowser();
    return { browser: own, release: () => own.close() };
  }
  return {
    browser: shared,
    async release() {
      const contexts = shared.browserContexts().filter((c) => c !== shared.defaultBrowserContext());
      const pages = (await shared.defaultBrowserContext().pages()).filter((p) => p.url() !== "about:blank");
      // As `phonePage`'s own close: a context that went offline with a service worker can take long to close.
      const closing = Promise.all([...contexts.map((c) => c.close().catch(() => undefined)), ...pages.map((p) => p.close().catch(() => undefined))]);
      await Promise.race([closing, new Promise<void>((r) => setTimeout(r, 10_000))]);
      await shared.disconnect();
    },
  };
}

/**
 * A test file's reference gateway (free port, fresh data folder) and browser (its worker's, see `fileBrowser`):
 * started before its tests, closed after them. Read `gw` and `browser` inside tests and hooks, once they are started.
 */
export function gatewayAndBrowser(opts?: Parameters<typeof startTestGateway>[0]): { readonly gw: TestGateway; readonly browser: Browser } {
  let gw: TestGateway | undefined;
  let browser: Browser | undefined;
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // Side by side; both settle before a failure is thrown, so afterAll closes whichever started.
    const started = await Promise.allSettled([startTestGateway(opts).then((g) => (gw = g)), fileBrowser().then((b) => ({ browser, release } = b))]);
    for (const s of started) if (s.status === "rejected") throw s.reason;
  });
  afterAll(async () => {
    await release?.();
    await gw?.close();
  });
  return {
    get gw() {
      return gw!;
    },
    get browser() {
      return browser!;
    },
  };
}

export interface PhoneOptions {
  /** Kept open for the file's later tests; it then closes with the browser. */
  shared?: boolean;
  /**
   * The app registers its service worker (3 s after load), which then precaches every file of the build: seconds
   * of CPU per page for the browser and the gateway. Only runs about the worker (installed app, offline, updates,
   * failover, journeys) ask for it; other pages are a browser without service workers, which the app supports
   * (decision 072).
   */
  serviceWorker?: boolean;
}

/**
 * A fresh incognito-like context on an emulated phone, so tests do not share storage. Opened inside a test, it is
 * closed when that test ends (a page left open keeps running the app: timers, animations, video, workers), unless
 * it is `shared` by the file's later tests; then it closes with the browser.
 */
export async function phonePage(browser: Browser, { shared = false, serviceWorker = false }: PhoneOptions = {}): Promise<Page> {
  const context = await browser.createBrowserContext();
  if (!shared) {
    try {
      // A context that went offline with a service worker can take long to close: not the test's failure.
      onTestFinished(() => Promise.race([context.close().catch(() => undefined), new Promise<void>((r) => setTimeout(r, 10_000))]));
    } catch {
      // Opened in a hook, for the file's tests: closed with the browser.
    }
  }
  const page = await context.newPage();
  await page.emulate(PHONE);
  if (!serviceWorker) await page.evaluateOnNewDocument(() => delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker);
  page.setDefaultTimeout(15_000);
  return page;
}

/** A phone past the age gate. The home notice (covered in videos.test.ts) is marked as seen, so it does not cover the screen. */
export async function adultPhone(browser: Browser, opts: PhoneOptions = {}): Promise<Page> {
  const page = await phonePage(browser, opts);
  await page.evaluateOnNewDocument(() => {
    localStorage.setItem("___AGE_CONFIRMED__", "1");
    sessionStorage.setItem("___HOME_NOTICE__", "1");
  });
  return page;
}

/**
 * Once React Router has no navigation or revalidation under way (a back navigation runs the loaders again); with
 * `fetchers`, no fetcher either (a mutation's submission).
 */
export const routerIdle = (page: Page, { fetchers = false } = {}) =>
  page.waitForFunction((withFetchers) => {
    type State = { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
    const state = (window as unknown as { __reactRouterDataRouter: { state: State } }).__reactRouterDataRouter.state;
    const busy = withFetchers && [...state.fetchers.values()].some((f) => f.state !== "idle");
    return state.navigation.state === "idle" && state.revalidation === "idle" && !busy;
  }, {}, fetchers);

/** React Router's data router, which the app exposes on `window`. */
type DataRouter = { navigate(to: string | number): Promise<void> };

/**
 * A navigation in the app, as a tapped `<Link>` makes it, once the app has started: the prerendered document draws the
 * tab bar's links before the router exists (a busy machine met it). Resolves once the navigation is done.
 */
export async function inAppNavigate(page: Page, to: string | number) {
  await page.waitForFunction(() => (window as unknown as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter !== undefined);
  await page.evaluate((t) => (window as unknown as { __reactRouterDataRouter: DataRouter }).__reactRouterDataRouter.navigate(t), to);
}

/** Answers the dialog on screen with its button `text`, once the dialog has settled. */
export async function answerDialog(page: Page, text: string) {
  await page.waitForSelector(".adm-dialog-button", { visible: true });
  await page.locator(`.adm-dialog-button ::-p-text(${text})`).click();
  await page.waitForFunction(() => ![...document.querySelectorAll(".adm-dialog")].some((d) => d.checkVisibility()));
}

/**
 * Taps the action `text` of the action sheet on screen once it takes taps. antd-mobile's popup ignores pointer events
 * until its slide-in has come to rest, so a tap before lands on the mask and closes the sheet; and a bounding box
 * looks stable in the frames before the slide starts (a busy machine has several), so a locator alone may tap early.
 */
export async function tapSheetAction(page: Page, text: string) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>(".adm-popup-body:has(.adm-action-sheet)")].some((b) => b.checkVisibility() && b.style.pointerEvents === "unset"),
  );
  await page.locator(`.adm-action-sheet-button-item-wrapper ::-p-text(${text})`).click();
}

/** Waits until an element containing `text` is visible and returns it. */
export async function findText(page: Page, text: string, selector = "*") {
  return page.waitForSelector(`::-p-xpath(//${selector === "*" ? "*" : selector}[contains(normalize-space(.), ${JSON.stringify(text)}) and not(ancestor-or-self::*[contains(@style,"display: none")])])`, {
    visible: true,
  });
}

export async function clickText(page: Page, text: string, selector = "*") {
  for (let attempt = 1; ; attempt++) {
    const handle = await findText(page, text, selector);
    try {
      // Covered where it is (by the fixed tab bar, at the bottom of a long screen): scrolled to the middle first, as a
      // person scrolls to see what they tap. Puppeteer's own scrolling stops once the element is in the viewport.
      await handle!.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(hit === e || e.contains(hit))) e.scrollIntoView({ block: "center" });
      });
      await handle!.click();
      return;
    } catch (error) {
      // The element re-rendered or moved while the screen settled (a busy machine): find the current one again.
      if (!/not clickable|detached|not an Element/.test(String(error)) || attempt === 3) throw error;
    }
  }
}

/**
 * Taps the visible, enabled element matching `selector` whose text contains `text`, from inside the page:
 * for controls that re-render or move while the screen settles (a handle to them may go stale).
 */
export async function tapText(page: Page, text: string, selector = "button") {
  await page.waitForFunction(
    (t, sel) => {
      const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.checkVisibility() && e.textContent?.includes(t) && !(e as HTMLButtonElement).disabled);
      el?.click();
      return Boolean(el);
    },
    {},
    text,
    selector,
  );
}

/** Taps the first visible, enabled control named `label` (a chapter's play button, the mini player's). */
export const tapLabel = (page: Page, label: string) =>
  page.waitForFunction(
    (l) => {
      const el = [...document.querySelectorAll<HTMLButtonElement>(`button[aria-label="${l}"]`)].find((e) => e.checkVisibility() && !e.disabled);
      el?.click();
      return Boolean(el);
    },
    {},
    label,
  );

/** Fills the login form and submits it, as a person would. */
export async function submitLogin(page: Page, phone: string, password: string) {
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="password"]').fill(password);
  // The form's own button, once nothing covers it: a dialog that sent the visitor here ("去登录") may still
  // be fading out over the form, and a tap on its mask is lost.
  const submit = 'form:has(input[name="password"]) button[type="submit"]';
  await page.waitForFunction((sel) => {
    const button = document.querySelector(sel);
    if (!button) return false;
    button.scrollIntoView({ block: "center" });
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return Boolean(hit && button.contains(hit));
  }, {}, submit);
  await page.locator(submit).click();
}

/**
 * The image requests the page worker made (it fetches the images it decrypts, so the page's own resource
 * timings do not list them): path, start on the wall clock (ms since the epoch), protocol.
 */
export async function imageWorkerRequests(page: Page): Promise<{ path: string; startedAt: number; protocol: string }[]> {
  const worker = page.workers().find((w) => w.url().includes("page-worker"));
  if (!worker) throw new Error("no page worker on the page");
  return worker.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.startsWith("/media/"))
      .map((e) => ({ path: new URL(e.name).pathname, startedAt: performance.timeOrigin + e.startTime, protocol: e.nextHopProtocol })),
  );
}

/**
 * A newly registered member with `coins` (set in the SQLite database of `gw`), signed in on an adult phone
 * (the page ends on /my).
 */
export async function memberOnPhone(gw: TestGateway, browser: Browser, phone: string, coins: number): Promise<Page> {
  const r = await testClient(gw.url).send(accounts.register, { phone, password: "secret123" });
  const db = new Database(`${gw.dataDir}/gateway.sqlite`);
  try {
    db.prepare("UPDATE users SET coins = ? WHERE uuid = ?").run(coins, r.uuid);
  } finally {
    db.close();
  }
  const page = await adultPhone(browser);
  await page.goto(`${gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, phone, "secret123");
  await page.waitForFunction(() => location.pathname === "/my");
  return page;
}
