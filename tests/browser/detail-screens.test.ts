import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { FIRST_COMIC_ID } from "#server/resources/comics/seed.ts";
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { adultPhone, gatewayAndBrowser, submitLogin } from "../support/browser.ts";
import { DEMO } from "../support/gateway.ts";

const suite = gatewayAndBrowser();

async function member(): Promise<Page> {
  const page = await adultPhone(suite.browser);
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, DEMO.phone, DEMO.password);
  await page.waitForFunction(() => location.pathname === "/my");
  return page;
}

/** Opens `to` by the app's own navigation, once the screen's `ready` element shows and the router is idle. */
async function open(page: Page, to: string, ready: string) {
  await page.evaluate((t) => void (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(t), to);
  await page.waitForFunction(
    (t, sel) => {
      const router = (window as unknown as { __reactRouterDataRouter: { state: { navigation: { state: string } } } }).__reactRouterDataRouter;
      return `${location.pathname}${location.search}` === t && router.state.navigation.state === "idle" && [...document.querySelectorAll(sel)].some((e) => e.checkVisibility());
    },
    {},
    to,
    ready,
  );
  // Buttons that fade in once enabled are measured at rest.
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running"));
}

const DETAIL_SCREENS: [path: string, ready: string][] = [
  [`/player?id=${DEMO_FREE_VIDEO_ID}`, ".player-info"],
  [`/cartoon/cartoon-detail?id=${FIRST_COMIC_ID}`, ".comic-episodes"],
  [`/novel/detail?id=${FIRST_NOVEL_ID}`, ".chapter-list"],
  ["/audio/detail?id=33001", ".audio-chapters"],
  ["/picture/detail?id=32001", ".picture-grid"],
  ["/game/detail?id=34001", ".game-shots"],
];

// Phones without an emoji font draw a box for 🔒; every phone draws ♥ and ▶ its own way (decision 061).
it("draws icons, not emoji, in the buttons and links of the detail screens, and keeps their action buttons apart and level", { timeout: 120_000 }, async () => {
  const page = await member();
  const found: Record<string, unknown> = {};
  for (const [path, ready] of DETAIL_SCREENS) {
    await open(page, path, ready);
    const { emoji, rows } = await page.evaluate(() => {
      const visible = (el: Element) => el.checkVisibility();
      const emoji = [...document.querySelectorAll("button, a, [role=button]")]
        .filter(visible)
        .map((el) => el.textContent ?? "")
        .filter((text) => /\p{Extended_Pictographic}/u.test(text));
      // Each row of an item's actions: neighbours on one line leave a gap and share their height and middle.
      const rows = [...document.querySelectorAll(".post-actions, .novel-actions, .whole-actions, .locked-actions")].filter(visible).flatMap((row) => {
        const boxes = [...row.querySelectorAll(".adm-button")].filter(visible).map((b) => ({ text: b.textContent!.trim(), box: b.getBoundingClientRect() }));
        const faults: string[] = [];
        for (let i = 1; i < boxes.length; i++) {
          const [a, b] = [boxes[i - 1]!, boxes[i]!];
          if (Math.abs(a.box.top - b.box.top) > a.box.height / 2) continue; // wrapped to the next line
          if (b.box.left - a.box.right < 4) faults.push(`${a.text} | ${b.text}: ${Math.round(b.box.left - a.box.right)} px apart`);
          if (Math.abs(a.box.height - b.box.height) > 1) faults.push(`${a.text} ${Math.round(a.box.height)} px high, ${b.text} ${Math.round(b.box.height)} px`);
          const middle = (r: DOMRect) => r.top + r.height / 2;
          if (Math.abs(middle(a.box) - middle(b.box)) > 1) faults.push(`${a.text} | ${b.text}: middles ${Math.round(middle(b.box) - middle(a.box))} px apart`);
        }
        return boxes.length > 1 ? [faults] : [];
      });
      return { emoji, rows };
    });
    if (emoji.length) found[`${path} emoji`] = emoji;
    const faults = rows.flat();
    if (faults.length) found[`${path} actions`] = faults;
    if (path !== DETAIL_SCREENS[0]![0]) expect(rows.length, `${path}: a row of action buttons`).toBeGreaterThan(0);
  }
  expect(found).toEqual({});
});

it("centres the comic reader's bottom-bar labels in their buttons", { timeout: 60_000 }, async () => {
  const page = await member();
  await open(page, `/cartoon/cartoon-detail?id=${FIRST_COMIC_ID}`, ".comic-episodes");
  await page.locator("a.comic-episode").click();
  await page.waitForSelector(".comic-toolbar", { visible: true });
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running"));
  const off = await page.$$eval(".comic-toolbar .adm-button", (buttons) =>
    buttons
      .filter((b) => b.checkVisibility())
      .map((b) => {
        const box = b.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(b);
        const text = range.getBoundingClientRect();
        return { label: b.textContent!.trim(), height: box.height, dx: Math.round(text.left + text.width / 2 - (box.left + box.width / 2)), dy: Math.round(text.top + text.height / 2 - (box.top + box.height / 2)) };
      }),
  );
  expect(off.map((b) => b.label)).toEqual(expect.arrayContaining(["上一话", "目录", "下一话"]));
  for (const b of off) {
    expect(b.height, b.label).toBeGreaterThanOrEqual(44);
    expect(Math.abs(b.dy), `${b.label} ${b.dy} px off the middle, down`).toBeLessThanOrEqual(2);
    expect(Math.abs(b.dx), `${b.label} ${b.dx} px off the middle, across`).toBeLessThanOrEqual(2);
  }
});

it("opens an empty birthday on /my/edit with years on both sides of the selection", { timeout: 60_000 }, async () => {
  const page = await member();
  await open(page, "/my/edit", "form");
  await page.locator("button.field-button[aria-label^='生日']").click();
  await page.waitForSelector(".adm-picker-view-column", { visible: true });
  const years = await page.$eval(".adm-picker-view-column", (column) => {
    const items = [...column.querySelectorAll(".adm-picker-view-column-item")];
    const at = items.findIndex((i) => i.getAttribute("data-selected") === "true");
    return { before: at, after: items.length - 1 - at };
  });
  expect(years.before).toBeGreaterThan(2);
  expect(years.after).toBeGreaterThan(2);
  // Cancelled, the field stays empty: the year the wheel opened at is not taken.
  await page.locator(".adm-picker-header-button ::-p-text(取消)").click();
  await page.waitForFunction(() => document.querySelector("button.field-button[aria-label^='生日']")?.getAttribute("aria-label") === "生日：未填写");
});
