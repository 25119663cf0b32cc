import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { home } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID, SEEDED_CREATORS } from "#server/content/seed.ts";
import { adultPhone, gatewayAndBrowser, submitLogin, tapText } from "../support/browser.ts";
import { DEMO, testClient } from "../support/gateway.ts";
import { openInApp } from "../support/screens.ts";

const suite = gatewayAndBrowser();

/** The smallest hit area, in CSS px, each way (Apple's and WCAG 2.5.5's 44 × 44). */
const MIN_TAP = 44;

// Every screen the browser suite visits, each with an element that says its content is in.
const KW = encodeURIComponent("示例");
const VISITOR_SCREENS: [path: string, ready: string][] = [
  ["/home", ".video-card"],
  ["/scandalous", ".tab-bar"],
  ["/resource", ".resource-tile"],
  ["/resource?type=picture", ".resource-tile"],
  [`/category?title=${encodeURIComponent("小说")}&type=novel`, ".resource-card"],
  ["/dark_web", ".video-card"],
  ["/post", ".tab-bar"],
  ["/my", ".my-list"],
  ["/login", "input[name=password]"],
  [`/player?id=${DEMO_FREE_VIDEO_ID}`, ".player-info"],
  [`/player?id=${DEMO_LOCKED_VIDEO_ID}`, ".locked-panel-body"],
  ["/search", ".hot-list"],
  [`/search/result?kw=${KW}&type=video`, ".video-card"],
  [`/search/result?kw=${encodeURIComponent(SEEDED_CREATORS[0]!)}&type=creator`, ".creator-row"],
  [`/search/result?kw=${encodeURIComponent("合集")}&type=compilation`, ".element-card"],
  [`/tag?name=${encodeURIComponent("旅行")}`, ".video-card"],
  [`/tag?name=${"长".repeat(60)}`, ".feed-empty"],
  ["/category?id=1", ".video-card"],
  ["/user?uid=1", ".user-head"],
  ["/home/creator?uid=2", ".video-card"],
  ["/home/creator?uid=2&tab=small", ".paged-list .video-card"],
  ["/home/creator?uid=2&tab=compilation", ".element-card"],
  ["/home/creator?uid=2&tab=headline", ".headline"],
  ["/home/creator?uid=2&tab=club", ".video-card"],
  ["/user/fan-group?uid=2", ".rank-row"],
  ["/user/fan-rank?uid=2", ".rank-row"],
  ["/user/fan-rule?uid=2", ".rules"],
  ["/user/fans?uid=2", ".page-body"],
  ["/user/focus?uid=1", ".page-body"],
  ["/discovery/tag", ".tag-group-head"],
  ["/discovery/concentration", ".element-card"],
  ["/discovery/daily-pick", ".video-card"],
  ["/discovery/theme", ".video-card"],
  ["/series?id=1", ".video-card"],
  ["/home/collect", ".element-card"],
  ["/nope", ".error-page"],
];
const MEMBER_SCREENS: [path: string, ready: string][] = [
  ["/my", ".my-stats"],
  [`/player?id=${DEMO_LOCKED_VIDEO_ID}`, ".locked-panel-body"],
  ["/my/setting", ".adm-list"],
  ["/my/info", ".adm-list"],
  ["/my/edit", "form"],
  ["/my/updatepwd", "form"],
  ["/my/announcement", ".page-body"],
  ["/my/notice", ".page-body"],
  ["/my/my-like", ".group-tools"],
  ["/my/my-like?list=liked", ".page-body"],
  ["/my/my-purchase", ".page-body"],
  ["/my/my-purchase?kind=novel", ".page-body"],
  ["/my/my-like?list=novel", ".page-body"],
  ["/my/my-like?list=follow", ".page-body"],
  ["/audio/detail?id=33001", ".audio-chapters"],
  ["/picture/detail?id=32001", ".picture-grid"],
  ["/game/detail?id=34001", ".whole-head"],
  ["/cartoon/cartoon-detail?id=30001", ".comic-episodes"],
  ["/novel/detail?id=31001", ".chapter-list"],
  ["/novel/chapter?id=31001", ".chapter-row"],
  ["/my/my-tickets", ".page-body"],
  ["/my/history", ".page-body"],
  ["/my/recharge", ".product-grid"],
  ["/my/recharge-records", ".page-body"],
  ["/my/consumptions", ".page-body"],
  ["/my/purse", ".wallet-card"],
  ["/my/proxy", ".wallet-card"],
  ["/my/proxy-rule", ".wallet-card"],
  ["/share/index", ".page-body"],
  ["/share/promotion", ".page-body"],
  ["/share/records", ".page-body"],
  ["/my/my-fans", ".page-body"],
  ["/my/issues", ".page-body"],
  ["/user/customer", ".page-body"],
  ["/my/app-center", ".page-body"],
  // 申请认证 in the bar, the dating filters, the certification form, the circle's composers (添加视频).
  ["/dating", ".dating-card"],
  ["/dating/certify", ".dating-terms"],
  ["/lookmv", ".composer"],
  ["/lookmv?type=post", ".video-pick"],
  ["/my/my-dating", ".page-body"],
  ["/my/my-post", ".page-body"],
];

interface Target {
  what: string;
  width: number;
  height: number;
}

/**
 * The hit area of every visible interactive element on screen: from a point of the element that takes a tap,
 * how far taps still land on it (the element, its children or its ::before/::after) across and down. Each
 * element is scrolled to the middle of the screen first, clear of the sticky bars.
 */
function hitAreas(page: Page, within = "body"): Promise<Target[]> {
  return page.evaluate((root) => {
    const INTERACTIVE = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      "label:has(input, select, textarea)",
      "label[for]",
      "[role=button]",
      "[role=link]",
      "[role=tab]",
      "[role=checkbox]",
      "[role=radio]",
      "[role=switch]",
      "[role=option]",
      "[role=menuitem]",
      "[role=slider]",
      "[tabindex]:not([tabindex='-1'])",
    ].join(",");
    // A label read by screen readers only (.visually-hidden) is not tapped.
    const shown = [...document.querySelector(root)!.querySelectorAll<HTMLElement>(INTERACTIVE)]
      .filter((el) => !el.matches(".visually-hidden")).filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
    // A tap on a control inside another (an icon inside a link) is the outer one's.
    const controls = shown.filter((el) => !shown.some((outer) => outer !== el && outer.contains(el)));
    const describe = (el: HTMLElement) => {
      const role = el.getAttribute("role");
      const cls = [...el.classList].slice(0, 2).join(".");
      const text = (el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).placeholder || "").replace(/\s+/g, " ").trim().slice(0, 24);
      return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ""}${cls ? `.${cls}` : ""} "${text}"`;
    };
    const found: Target[] = [];
    for (const el of controls) {
      if (!el.isConnected) continue;
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      const box = el.getBoundingClientRect();
      const takes = (x: number, y: number) => {
        const hit = document.elementFromPoint(x, y);
        return Boolean(hit && el.contains(hit));
      };
      // The middle, else the first point of a 5 × 5 grid over the box that takes a tap.
      let start: [number, number] | undefined = [box.left + box.width / 2, box.top + box.height / 2];
      if (!takes(...start)) {
        start = undefined;
        for (let i = 0; i < 25 && !start; i++) {
          const p: [number, number] = [box.left + (box.width * ((i % 5) + 0.5)) / 5, box.top + (box.height * (Math.floor(i / 5) + 0.5)) / 5];
          if (takes(...p)) start = p;
        }
      }
      // Covered by a control made to take its taps (antd-mobile's image upload: a transparent file input over
      // the button): that control's area is measured.
      const cover = start ? undefined : document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest<HTMLElement>(INTERACTIVE);
      const target = cover ?? el;
      if (!start && !cover) {
        found.push({ what: `${describe(el)} (covered)`, width: 0, height: 0 });
        continue;
      }
      const [x, y] = start ?? [box.left + box.width / 2, box.top + box.height / 2];
      const reach = (dx: number, dy: number) => {
        let n = 0;
        while (n < 100 && target.contains(document.elementFromPoint(x + dx * (n + 1), y + dy * (n + 1)))) n++;
        return n;
      };
      found.push({ what: cover ? `${describe(el)} (through ${describe(cover)})` : describe(el), width: reach(-1, 0) + reach(1, 0) + 1, height: reach(0, -1) + reach(0, 1) + 1 });
    }
    window.scrollTo(0, 0);
    return found;
  }, within);
}

/** Once the screen's content is in and React Router has nothing under way. */
async function settle(page: Page, ready: string) {
  await page.waitForSelector(ready, { visible: true });
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__reactRouterDataRouter;
    return router?.state.navigation.state === "idle" && router.state.revalidation === "idle";
  });
  // No finite CSS animation or transition under way (a control sliding in is measured where it stops), two frames on.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

it(`gives every control on every screen a hit area of at least ${MIN_TAP} × ${MIN_TAP} px`, { timeout: 240_000 }, async () => {
  const page = await adultPhone(suite.browser);
  const compilation = (await testClient(suite.gw.url).send(home.compilations, { page: 1, limit: 1 })).list[0]!;
  const offenders = new Map<string, Target & { screens: string[] }>();
  const note = (targets: Target[], where: string) => {
    for (const t of targets) {
      if (t.width >= MIN_TAP && t.height >= MIN_TAP) continue;
      const key = `${t.what} ${t.width}×${t.height}`;
      const seen = offenders.get(key) ?? { ...t, screens: [] };
      if (!seen.screens.includes(where)) seen.screens.push(where);
      offenders.set(key, seen);
    }
  };
  // Each screen opened by the app's own navigation (one page load for the visitor's, one for the member's): a
  // screen's controls are the same however it was reached. Between two addresses of one screen another screen,
  // or its page would be kept and re-rendered rather than replaced.
  const visit = async (screens: [string, string][], who: string) => {
    let last = await page.evaluate(() => location.pathname);
    for (const [address, ready] of screens) {
      const path = new URL(address, suite.gw.url).pathname;
      if (path === last) await openInApp(page, "/search", ".hot-list");
      last = path;
      await openInApp(page, address, ready)
        .then(() => settle(page, ready))
        .catch((error: unknown) => {
          throw new Error(`${who} ${address}: ${String(error)}`);
        });
      note(await hitAreas(page), `${who} ${address}`);
    }
  };
  await page.goto(`${suite.gw.url}/search`);
  await settle(page, ".hot-list");
  await visit([...VISITOR_SCREENS, [`/home/collect-detail?id=${compilation.id}`, ".video-card"]], "visitor");
  await page.goto(`${suite.gw.url}/login`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname !== "/login");
  await visit(MEMBER_SCREENS, "member");
  // A sheet's controls: the gift sheet (its ×, the gifts, 赠送).
  await page.goto(`${suite.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
  await settle(page, ".player-info");
  await tapText(page, "打赏", "button");
  await settle(page, ".gift-balance");
  // The sheet slid all the way in: its foot at the screen's, its × taking a tap at its middle.
  await page.waitForFunction(() => {
    const sheet = document.querySelector(".sheet:has(.gift-balance)")?.getBoundingClientRect();
    const close = document.querySelector(".sheet:has(.gift-balance) .sheet-close");
    const box = close?.getBoundingClientRect();
    return Boolean(sheet && box && Math.abs(sheet.bottom - innerHeight) < 1 && close!.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)));
  });
  note(await hitAreas(page, ".adm-popup-body:has(.gift-balance)"), "member gift sheet");

  const report = [...offenders.values()].map((o) => `${o.width}×${o.height} ${o.what} on ${o.screens.slice(0, 3).join(", ")}${o.screens.length > 3 ? ` and ${o.screens.length - 3} more` : ""}`);
  if (report.length) console.log(`Tap targets under ${MIN_TAP} × ${MIN_TAP} px:\n${report.join("\n")}`);
  expect(report).toEqual([]);
});
