import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { accounts, comics, novels, resources } from "#gateway/api/index.ts";
import type { ResourceKind } from "#gateway/api/resources.ts";
import { RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import { adultPhone, answerDialog, clickText, findText, gatewayAndBrowser, submitLogin, tapSheetAction, inAppNavigate, routerIdle } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// The 资源 tab and the member's lists of resources (issue 19) on an emulated phone: each kind opened from the
// tab, a sort and a filter, more cards on scroll, an item's detail screen; /category?type=novel; the my-like
// kinds and the following list, and my-purchase after a purchase made through the gateway client.

const suite = gatewayAndBrowser();

/** An antd-mobile tab (not its list or wrapper), for `findText`. */
const TAB = "div[contains(concat(' ', @class, ' '), ' adm-tabs-tab ')]";
const KINDS: ResourceKind[] = ["comic", "novel", "picture", "audio", "game"];

const newMember = memberMaker(() => suite.gw, 13_844_440_000);
/** A new member with `coins`: the gateway client logged in as them, and a phone logged in as them. */
async function member(coins: number) {
  const c = await newMember(coins);
  const { phone } = await c.send(accounts.userInfo, undefined);
  const page = await adultPhone(suite.browser);
  await page.goto(`${suite.gw.url}/login?redirect=%2Fmy`);
  await submitLogin(page, phone, "secret123");
  await page.waitForFunction(() => location.pathname === "/my");
  return { c, page };
}

/** The visible elements matching `selector` (kept-alive screens stay in the page, hidden). */
const shown = (page: Page, selector: string) => page.$$eval(selector, (els) => els.filter((e) => e.checkVisibility()).length);
const waitShown = (page: Page, selector: string) =>
  page.waitForFunction((sel) => [...document.querySelectorAll<HTMLElement>(sel)].some((e) => e.checkVisibility()), {}, selector);
/** Cards in the page: the list sits below the kind's home, and rows come in as it nears the viewport. */
const cardsShown = (page: Page) =>
  page.waitForFunction(
    () => {
      const list = [...document.querySelectorAll<HTMLElement>(".windowed-list")].find((l) => l.checkVisibility());
      list?.scrollIntoView({ block: "start", behavior: "instant" });
      return [...document.querySelectorAll<HTMLElement>(".resource-card, .feed-empty")].some((e) => e.checkVisibility());
    },
    { polling: 200 },
  );
const search = (page: Page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));
/** Taps the visible link whose text is `text` inside `within`. */
async function tapLink(page: Page, within: string, text: string) {
  await page.waitForFunction(
    (sel, t) => {
      const link = [...document.querySelectorAll<HTMLElement>(`${sel} a`)].find((a) => a.checkVisibility() && a.textContent?.trim() === t);
      link?.click();
      return Boolean(link);
    },
    {},
    within,
    text,
  );
}

describe("the 资源 tab", () => {
  it("opens each kind from the tab bar with its home and cards; a sort and a filter change the list; scrolling loads more; a card opens its detail screen", async () => {
    const { page } = await member(0);
    await tapLink(page, ".tab-bar", "资源");
    await page.waitForFunction(() => location.pathname === "/resource");
    for (const kind of KINDS) {
      const label = RESOURCE_KINDS[kind].label;
      await tapLink(page, ".resource-kinds", label);
      await page.waitForFunction((k) => new URLSearchParams(location.search).get("type") === k, {}, kind);
      await routerIdle(page);
      await cardsShown(page);
      await findText(page, label, "a[@aria-selected='true']");
      expect(await shown(page, ".resource-section"), kind).toBeGreaterThan(0);
    }

    // Comics: the second sort, then the first option of the first filter.
    await tapLink(page, ".resource-kinds", "漫画");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("type") === "comic");
    const sorts = await page.$$eval(".sort-tabs[aria-label='排序'] a", (as) => as.filter((a) => a.checkVisibility()).map((a) => a.textContent));
    expect(sorts.length).toBeGreaterThanOrEqual(2);
    await tapLink(page, ".sort-tabs[aria-label='排序']", sorts[1]!);
    await page.waitForFunction(() => new URLSearchParams(location.search).has("sort"));
    await routerIdle(page);
    await cardsShown(page);
    const filter = await page.$$eval(".resource-filter .feed-tools", (navs) => {
      const nav = navs.find((n) => n.checkVisibility())!;
      return { name: nav.getAttribute("aria-label"), option: nav.querySelectorAll("a")[1]?.textContent ?? "" };
    });
    expect(filter.option).not.toBe("");
    await tapLink(page, `.resource-filter .feed-tools[aria-label='${filter.name}']`, filter.option);
    await page.waitForFunction(() => ["tag", "is_end", "category_id"].some((k) => new URLSearchParams(location.search).has(k)));
    await routerIdle(page);
    await cardsShown(page);
    expect(await search(page)).toMatchObject({ type: "comic", sort: expect.any(String) });

    // 找漫画: the other filter set.
    await tapLink(page, ".feed-tools[aria-label='查找方式']", "找漫画");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("find") === "1");
    await routerIdle(page);
    await cardsShown(page);

    // Novels, newest first: scrolling reaches the second page.
    await tapLink(page, ".resource-kinds", "小说");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("type") === "novel");
    await routerIdle(page);
    const second = await testClient(suite.gw.url).send(novels.list, { sort: "new", page: 2, limit: 20 });
    expect(second.list.length).toBeGreaterThan(0);
    const wanted = second.list[0]!.title;
    await page.waitForFunction(
      (title) => {
        window.scrollTo(0, document.body.scrollHeight);
        return [...document.querySelectorAll(".resource-title")].some((t) => t.textContent === title);
      },
      { polling: 200, timeout: 20_000 },
      wanted,
    );
    // Windowed: far fewer rows in the page than cards loaded.
    expect(await shown(page, ".windowed-row")).toBeLessThan(30);

    // A card opens its kind's detail screen.
    const href = await page.$$eval(".resource-card", (cards) => (cards.find((c) => c.checkVisibility()) as HTMLAnchorElement).getAttribute("href"));
    expect(href).toMatch(/^\/novel\/detail\?id=\d+$/);
    await page.evaluate((h) => [...document.querySelectorAll<HTMLAnchorElement>(".resource-card")].find((c) => c.checkVisibility() && c.getAttribute("href") === h)!.click(), href);
    await page.waitForFunction((h) => location.pathname + location.search === h, {}, href);
    await routerIdle(page);
    expect(await shown(page, ".error-page")).toBe(0);
    await page.goBack();
    await page.waitForFunction(() => location.pathname === "/resource" && new URLSearchParams(location.search).get("type") === "novel");
    await page.close();
  });

  it("lists a kind under a category shortcut's title (/category?type=novel), in its sorts", async () => {
    const page = await adultPhone(suite.browser);
    await page.goto(`${suite.gw.url}/category?title=${encodeURIComponent("精品小说")}&type=novel`);
    await findText(page, "精品小说", "*[contains(@class,'adm-nav-bar-title')]");
    await waitShown(page, ".resource-card");
    expect(await page.$eval(".resource-card", (a) => a.getAttribute("href"))).toMatch(/^\/novel\/detail\?id=/);
    await clickText(page, "最热", "button");
    await page.waitForFunction(() => document.querySelector(".sort-tabs button[aria-selected='true']")?.textContent === "最热");
    await waitShown(page, ".resource-card");
    await page.close();
  });
});

describe("the member's lists", () => {
  it("shows a favourite novel, a followed series and a bought novel in the member's lists, and each kind's empty list", async () => {
    const { c, page } = await member(500);
    const list = await c.send(novels.list, { sort: "new", limit: 20 });
    const novel = list.list[0]!;
    await c.send(novels.favorite, { id: novel.id });
    await c.send(resources.followSeries, { id: novel.id });
    // A paid chapter of some novel, bought through the gateway client.
    let bought: { title: string } | undefined;
    for (const n of list.list) {
      const chapters = await c.send(novels.chaptersList, { id: n.id, limit: 50 });
      const paid = chapters.list.find((u) => u.coins > 0 && !u.can_open);
      if (!paid) continue;
      const outcome = await c.send(novels.buy, { id: paid.id, request_id: `resources-${paid.id}` });
      expect(outcome.ok, outcome.msg).toBe(true);
      bought = n;
      break;
    }
    expect(bought).toBeDefined();

    await inAppNavigate(page, "/my/my-like");
    await waitShown(page, ".my-like-lists");
    await clickText(page, "小说", TAB);
    await page.waitForFunction(() => new URLSearchParams(location.search).get("list") === "novel");
    await findText(page, novel.title, "h3");
    for (const kind of ["comic", "picture", "audio", "game"] as const) {
      await clickText(page, RESOURCE_KINDS[kind].label, TAB);
      await page.waitForFunction((k) => new URLSearchParams(location.search).get("list") === k, {}, kind);
      await findText(page, `还没有收藏的${RESOURCE_KINDS[kind].label}`, "p");
    }
    await clickText(page, "关注", TAB);
    await page.waitForFunction(() => new URLSearchParams(location.search).get("list") === "follow");
    await findText(page, novel.title, "h3");
    await tapLink(page, ".feed-tools[aria-label='关注的类型']", "图集");
    await findText(page, "还没有关注的图集", "p");

    await inAppNavigate(page, "/my/my-purchase");
    await clickText(page, "小说", TAB);
    await page.waitForFunction(() => new URLSearchParams(location.search).get("kind") === "novel");
    await findText(page, bought!.title, "h3");
    await clickText(page, "游戏", TAB);
    await findText(page, "还没有购买过游戏", "p");
    await page.close();
  });

  it("makes a comic favourite group, files a comic into it from its screen, lists it there, renames and deletes the group", async () => {
    const { c, page } = await member(0);
    const comic = (await c.send(comics.list, { sort: "new", limit: 1 })).list[0]!;
    const name = `漫画组${Date.now() % 10000}`;
    await inAppNavigate(page, "/my/my-like?list=comic");
    await findText(page, "还没有收藏的漫画", "p");
    await page.locator("input[aria-label=新分组名称]").fill(name);
    await page.locator("button ::-p-text(新建分组)").click();
    await findText(page, `${name} 0`, TAB);
    // The group is the member's comic group, not a video group.
    expect((await c.send(comics.likeGroups, undefined)).map((g) => g.name)).toEqual([name]);
    expect(await c.send(accounts.likeGroups, undefined)).toEqual([]);

    await inAppNavigate(page, `/cartoon/cartoon-detail?id=${comic.id}`);
    await clickText(page, "☆ 收藏", "button");
    await tapSheetAction(page, name);
    await findText(page, "★ 已收藏", "button");

    await inAppNavigate(page, "/my/my-like?list=comic");
    // The earlier visit to this screen is kept (hidden) in history, and the tab re-renders as the groups come
    // in again: tap the visible tab until the address names the group.
    await page.waitForFunction(
      (n) => {
        const params = new URLSearchParams(location.search);
        if (params.get("list") === "comic" && params.has("group")) return true;
        [...document.querySelectorAll<HTMLElement>(".adm-tabs-tab")].find((t) => t.checkVisibility() && t.textContent?.includes(n))?.click();
        return false;
      },
      { polling: 300 },
      `${name} 1`,
    );
    await findText(page, comic.title, "h3");

    await clickText(page, "重命名", "button");
    const renamed = `${name}改`;
    await page.locator(".adm-dialog input[aria-label=分组名称]").fill(renamed);
    await answerDialog(page, "确定");
    await findText(page, `${renamed} 1`, TAB);

    await clickText(page, "删除分组", "button");
    await findText(page, `删除分组「${renamed}」？其中的漫画仍保留在“全部”里。`);
    await answerDialog(page, "确定");
    await page.waitForFunction(() => !new URLSearchParams(location.search).has("group"));
    await page.waitForFunction((n) => ![...document.querySelectorAll<HTMLElement>(".adm-tabs-tab")].some((t) => t.checkVisibility() && t.textContent?.includes(n)), {}, renamed);
    // Still a favourite, outside any group.
    await findText(page, comic.title, "h3");
    expect(await c.send(comics.likeGroups, undefined)).toEqual([]);
    await page.close();
  });
});
