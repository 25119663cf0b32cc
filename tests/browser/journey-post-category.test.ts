import type { ElementHandle, Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { home } from "#gateway/api/index.ts";
import { findText, gatewayAndBrowser, tapText } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";
import { returningMember, stillControlled, tapBack, tapTab } from "../support/journey.ts";

// A returning member posts to the circle under one of its categories, picked in the composer, and finds the post
// under that category's chip of the 圈子 tab, not under another's: by taps, with the app installed.

const suite = gatewayAndBrowser();

/** Taps the shown element matching `selector` whose whole text is `text`. */
const tapExact = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    (sel, t) => {
      const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.checkVisibility() && e.textContent?.trim() === t);
      el?.click();
      return Boolean(el);
    },
    {},
    selector,
    text,
  );

/** The excerpts of the post cards on screen, once the list has some. */
const shownExcerpts = (page: Page) =>
  page
    .waitForFunction(() => {
      const cards = [...document.querySelectorAll<HTMLElement>(".post-card .post-excerpt")].filter((e) => e.checkVisibility());
      return cards.length > 0 && cards.map((e) => e.textContent ?? "");
    })
    .then((h) => h.jsonValue() as Promise<string[]>);

describe("journey: a post under a category", () => {
  it("picks a category in the composer, and the post is under that category's chip and not another's", { timeout: 120_000 }, async () => {
    const categories = await testClient(suite.gw.url).send(home.categories, { section: "aw" });
    const [chosen, other] = [categories[2]!, categories[3]!];
    const { page } = await returningMember(suite.gw, suite.browser);
    await tapTab(page, "圈子", "/post");
    await tapText(page, "发帖", ".circle-fab a");
    await page.waitForFunction(() => location.pathname + location.search === "/lookmv?type=post");

    // The composer offers the circle's categories, none chosen; one tap chooses, a second tap on another moves it.
    const options = await page.waitForFunction(() => {
      const items = [...document.querySelectorAll<HTMLElement>("form.composer [role=radiogroup] [role=radio]")].filter((e) => e.checkVisibility());
      return items.length > 0 && items.map((e) => e.textContent?.trim());
    });
    expect(await options.jsonValue()).toEqual(categories.map((c) => c.name));
    const selected = () =>
      page.evaluate(() => [...document.querySelectorAll<HTMLElement>("form.composer [role=radio][aria-checked=true]")].filter((e) => e.checkVisibility()).map((e) => e.textContent?.trim()));
    expect(await selected()).toEqual([]);
    await tapExact(page, "form.composer [role=radio]", other.name);
    await page.waitForFunction((n) => [...document.querySelectorAll("form.composer [role=radio][aria-checked=true]")].some((e) => e.textContent?.trim() === n), {}, other.name);
    await tapExact(page, "form.composer [role=radio]", chosen.name);
    await page.waitForFunction((n) => [...document.querySelectorAll("form.composer [role=radio][aria-checked=true]")].some((e) => e.textContent?.trim() === n), {}, chosen.name);
    expect(await selected()).toEqual([chosen.name]);

    const text = `分类里的一条帖子 ${Date.now().toString(36)}`;
    const box = await page.waitForFunction(() => [...document.querySelectorAll<HTMLTextAreaElement>("form.composer textarea")].find((t) => t.checkVisibility()));
    await (box.asElement() as ElementHandle<HTMLTextAreaElement>).click();
    await page.keyboard.type(text);
    await tapText(page, "发布", "button[type=submit]");
    await page.waitForFunction(() => location.pathname === "/post/detail");
    await findText(page, text, "p");
    await tapBack(page, "/post");

    // Under its category's chip, newest first.
    await tapExact(page, "nav[aria-label=分类] a", chosen.name);
    await page.waitForFunction((id) => location.pathname === "/post/category" && new URL(location.href).searchParams.get("id") === String(id), {}, chosen.id);
    expect((await shownExcerpts(page))[0]).toContain(text);
    await tapBack(page, "/post");

    // Not under another's.
    await tapExact(page, "nav[aria-label=分类] a", other.name);
    await page.waitForFunction((id) => location.pathname === "/post/category" && new URL(location.href).searchParams.get("id") === String(id), {}, other.id);
    expect((await shownExcerpts(page)).some((e) => e.includes(text))).toBe(false);
    expect(await stillControlled(page)).toBe(true);
    await page.close();
  });
});
