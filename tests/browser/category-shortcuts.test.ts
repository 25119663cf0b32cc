import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { DATING_CATEGORY, SHORTCUT_CATEGORIES } from "#server/content/seed.ts";
import { categoryHref } from "#app/lib/shortcut.ts";
import { adultPhone, gatewayAndBrowser } from "../support/browser.ts";

// Every category the app links to from its sections (home's and 暗网's category chips, and their banners) opens a
// list with something in it: the video categories, and the shortcuts' own screens (8 the dating area, 50 novels,
// 74 comics). The app centre's entries open screens of the app with lists too.

const suite = gatewayAndBrowser();

const LIST_ITEMS = ".video-card, .resource-card, .resource-tile, .dating-card";

/** The shown section's category links and banner links to a category or the dating area, as the app wrote them. */
const sectionLinks = (page: Page) =>
  page
    .waitForFunction(() => {
      const shown = (sel: string) => [...document.querySelectorAll<HTMLAnchorElement>(sel)].filter((a) => a.closest(".video-section")?.checkVisibility());
      const chips = shown(".category-chips a").map((a) => ({ name: a.textContent!.trim(), href: a.getAttribute("href")! }));
      const banners = shown(".banner-open")
        .map((a) => ({ name: a.getAttribute("aria-label")!, href: a.getAttribute("href") ?? "" }))
        .filter((b) => /^\/(category|dating)\b/.test(b.href));
      return chips.length > 0 && { chips, banners };
    })
    .then((h) => h.jsonValue() as Promise<{ chips: { name: string; href: string }[]; banners: { name: string; href: string }[] }>);

/** Waits for the screen that replaced the section to show at least one item of a list, and no empty state. */
async function listShows(page: Page, href: string, left = ".video-section"): Promise<number> {
  await page.waitForFunction((h) => location.pathname + location.search === h, {}, href);
  const count = await page.waitForFunction(
    (sel, from) => {
      if ([...document.querySelectorAll(from)].some((s) => s.checkVisibility())) return false;
      const items = [...document.querySelectorAll(sel)].filter((e) => e.checkVisibility());
      return items.length > 0 && items.length;
    },
    { timeout: 30_000 },
    LIST_ITEMS,
    left,
  );
  expect(await page.$$eval(".feed-empty", (e) => e.filter((x) => x.checkVisibility()).length), href).toBe(0);
  return (await count.jsonValue()) as number;
}

describe("category shortcuts", () => {
  it("opens a list with items for every category and category banner of home and 暗网", { timeout: 240_000 }, async () => {
    const page = await adultPhone(suite.browser);
    const walked = new Map<string, number>();
    for (const section of ["/home", "/dark_web"]) {
      await page.goto(`${suite.gw.url}${section}`);
      const { chips, banners } = await sectionLinks(page);
      for (const [i, chip] of chips.entries()) {
        if (i > 0) await page.waitForFunction((s) => location.pathname === s && [...document.querySelectorAll(".video-section")].some((v) => v.checkVisibility()), {}, section);
        // Tapped as a person would, from the section's own row.
        await page.evaluate((n) => {
          const a = [...document.querySelectorAll<HTMLAnchorElement>(".category-chips a")].find((x) => x.closest(".video-section")?.checkVisibility() && x.textContent!.trim() === n)!;
          a.scrollIntoView({ inline: "center" });
          a.click();
        }, chip.name);
        walked.set(chip.href, await listShows(page, chip.href));
        await page.goBack();
      }
      for (const banner of banners.filter((b) => !walked.has(b.href))) {
        await page.goto(`${suite.gw.url}${banner.href}`);
        walked.set(banner.href, await listShows(page, banner.href));
      }
    }
    // The shortcuts are among what was walked, each to its own screen.
    for (const { id, name } of [DATING_CATEGORY, ...SHORTCUT_CATEGORIES]) expect([...walked.keys()]).toContain(categoryHref(id, name));
    expect(walked.size).toBeGreaterThanOrEqual(8 + 8 + 3);
    await page.close();
  });

  it("opens each entry of the app centre in the app, each with a list that has items", { timeout: 120_000 }, async () => {
    const page = await adultPhone(suite.browser);
    await page.goto(`${suite.gw.url}/my/app-center`);
    const entries = (await (
      await page.waitForFunction(() => {
        const links = [...document.querySelectorAll<HTMLAnchorElement>("a.app-entry")].filter((a) => a.checkVisibility());
        return links.length > 0 && links.map((a) => ({ href: a.getAttribute("href")!, blank: a.target === "_blank" }));
      })
    ).jsonValue()) as { href: string; blank: boolean }[];
    expect(entries.filter((e) => e.blank || !e.href.startsWith("/"))).toEqual([]);
    for (const [i, { href }] of entries.entries()) {
      if (i > 0) await page.waitForFunction(() => location.pathname === "/my/app-center" && [...document.querySelectorAll("a.app-entry")].some((a) => a.checkVisibility()));
      await page.evaluate((n) => [...document.querySelectorAll<HTMLAnchorElement>("a.app-entry")].filter((a) => a.checkVisibility())[n]!.click(), i);
      await listShows(page, href, "a.app-entry");
      await page.goBack();
    }
    await page.close();
  });
});
