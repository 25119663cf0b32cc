import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { accounts, video } from "#gateway/api/index.ts";
import { adultPhone, findText, gatewayAndBrowser, submitLogin } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";

// A circle post card is as tall as what it shows: a text-only post leaves no empty band under its text (no room kept
// for lines or pictures it does not have), cards with pictures still show them, and the feed stays windowed.

const suite = gatewayAndBrowser();

interface CardLayout {
  text: string;
  pictured: boolean;
  /** Empty room inside the excerpt's box below its last line of text (px). */
  belowText: number;
  /** The largest space between two of the card's parts, or between the last one and the card's padding (px). */
  gap: number;
  /** The card's gap between parts and its bottom padding (px). */
  allowed: number;
  pictures: number;
  shownPictures: number;
}

/** The layout of every post card on screen. */
const shownCards = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".post-card")]
      .filter((c) => c.checkVisibility() && c.getBoundingClientRect().bottom > 0 && c.getBoundingClientRect().top < innerHeight)
      .map((card): CardLayout => {
        const style = getComputedStyle(card);
        const excerpt = card.querySelector<HTMLElement>(".post-excerpt")!;
        const range = document.createRange();
        range.selectNodeContents(excerpt);
        const lines = [...range.getClientRects()].filter((r) => r.height > 0);
        const textBottom = Math.max(...lines.map((r) => r.bottom));
        const parts = [...card.children].map((c) => c.getBoundingClientRect());
        const gaps = parts.slice(1).map((p, i) => p.top - parts[i]!.bottom);
        gaps.push(card.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) - parts.at(-1)!.bottom);
        return {
          text: excerpt.textContent ?? "",
          pictured: Boolean(card.querySelector(".post-card-pictures")),
          belowText: excerpt.getBoundingClientRect().bottom - textBottom,
          gap: Math.max(...gaps),
          allowed: parseFloat(style.rowGap) || 0,
          pictures: card.querySelectorAll(".post-card-pictures .enc-image").length,
          shownPictures: [...card.querySelectorAll<HTMLElement>(".post-card-pictures .enc-image")].filter((i) => i.getBoundingClientRect().height > 20).length,
        };
      }),
  );

describe("circle post cards", () => {
  it("draws a text-only post as tall as its text, and pictured posts with their pictures", { timeout: 120_000 }, async () => {
    const phone = "13912340001";
    const c = testClient(suite.gw.url);
    c.state.token = (await c.send(accounts.register, { phone, password: "secret123" })).token;
    const words = `只有一行字的帖子 ${Date.now().toString(36)}`;
    await c.send(video.requestFind, { content: words });

    const page = await adultPhone(suite.browser);
    await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
    await submitLogin(page, phone, "secret123");
    await page.waitForFunction(() => location.pathname === "/my");

    // In 我的帖子: the one short post.
    await page.goto(`${suite.gw.url}/my/my-post`);
    await findText(page, words, "p");
    const [mine] = (await shownCards(page)).filter((card) => card.text.includes(words));
    expect(mine).toMatchObject({ pictured: false });
    expect(mine!.belowText).toBeLessThanOrEqual(2);
    expect(mine!.gap).toBeLessThanOrEqual(mine!.allowed + 1);

    // In the circle's feed, where seeded posts with and without pictures are mixed: no card keeps empty room, and the
    // pictured ones show their pictures.
    await page.goto(`${suite.gw.url}/post`);
    await page.waitForSelector(".post-card .post-card-pictures .enc-image[data-state='1']");
    const seen: CardLayout[] = [];
    for (let step = 0; step < 8 && !(seen.some((s) => s.pictured) && seen.some((s) => !s.pictured)); step++) {
      seen.push(...(await shownCards(page)));
      await page.evaluate(() => window.scrollBy(0, innerHeight));
      await page.waitForFunction(() => [...document.querySelectorAll(".post-card")].some((c) => c.getBoundingClientRect().top >= 0 && c.getBoundingClientRect().top < innerHeight));
    }
    expect(seen.some((s) => !s.pictured)).toBe(true);
    expect(seen.some((s) => s.pictures > 0)).toBe(true);
    for (const card of seen) {
      expect(card.belowText, card.text).toBeLessThanOrEqual(2);
      expect(card.gap, card.text).toBeLessThanOrEqual(card.allowed + 1);
      expect(card.shownPictures, card.text).toBe(card.pictures);
    }

    // Still windowed after a long scroll, and a post opened from mid-feed comes back to the same place.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll(".post-card").length > 0 && document.querySelector(".post-card")!.getBoundingClientRect().top < innerHeight);
    expect(await page.$$eval(".windowed-row", (rows) => rows.length)).toBeLessThan(30);
    await page.evaluate(() => scrollTo(0, 3000));
    const before = await page.waitForFunction(() => {
      const card = [...document.querySelectorAll<HTMLAnchorElement>(".post-card")].find((c) => c.getBoundingClientRect().top > 60 && c.getBoundingClientRect().bottom < innerHeight);
      return card && { href: card.getAttribute("href"), top: card.getBoundingClientRect().top, y: scrollY };
    });
    const left = (await before.jsonValue()) as { href: string; top: number; y: number };
    await page.click(`.post-card[href="${left.href}"]`);
    await page.waitForFunction(() => location.pathname === "/post/detail");
    await page.goBack();
    await page.waitForFunction(
      (l) => {
        const card = [...document.querySelectorAll<HTMLAnchorElement>(`.post-card[href="${l.href}"]`)].find((c) => c.checkVisibility());
        return location.pathname === "/post" && scrollY === l.y && card && Math.abs(card.getBoundingClientRect().top - l.top) < 1;
      },
      {},
      left,
    );
    await page.close();
  });
});
