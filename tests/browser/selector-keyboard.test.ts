import type { Page } from "puppeteer";
import { describe, expect, it } from "vitest";
import { home } from "#gateway/api/index.ts";
import { gatewayAndBrowser, memberOnPhone } from "../support/browser.ts";
import { testClient } from "../support/gateway.ts";

// The app's option pickers (components/selector.tsx) by keyboard alone: Tab reaches an option, Space or Enter chooses
// it, the arrow keys move a single choice, and each option tells assistive technology whether it is chosen.

const suite = gatewayAndBrowser();

interface Focused {
  role: string | null;
  checked: string | null;
  text: string;
  group: string | null;
}

const focused = (page: Page) =>
  page.evaluate((): Focused => {
    const el = document.activeElement as HTMLElement;
    const group = el.closest("[role=radiogroup], [role=group]");
    return { role: el.getAttribute("role"), checked: el.getAttribute("aria-checked"), text: el.textContent?.trim() ?? "", group: group?.getAttribute("aria-label") ?? group?.getAttribute("aria-labelledby") ?? null };
  });

/** Presses Tab until the focus is on an option of a picker (role radio or checkbox); at most `max` times. */
async function tabToOption(page: Page, max = 40): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    if (now.role === "radio" || now.role === "checkbox") return now;
  }
  throw new Error(`no option reached in ${max} presses of Tab`);
}

/** The options of the shown picker `group` (by its label): text and aria-checked. */
const options = (page: Page, group: string) =>
  page.evaluate(
    (g) =>
      [...document.querySelectorAll<HTMLElement>(`[aria-label="${g}"] [aria-checked], [aria-labelledby] [aria-checked]`)]
        .filter((o) => o.checkVisibility() && (o.parentElement!.getAttribute("aria-label") === g || document.getElementById(o.parentElement!.getAttribute("aria-labelledby") ?? "")?.textContent === g))
        .map((o) => `${o.textContent?.trim()}:${o.getAttribute("aria-checked")}`),
    group,
  );

describe("option pickers by keyboard", () => {
  it("chooses the composer's category with Tab, Space and the arrow keys", { timeout: 120_000 }, async () => {
    const categories = await testClient(suite.gw.url).send(home.categories, { section: "aw" });
    const page = await memberOnPhone(suite.gw, suite.browser, "13912350001", 0);
    await page.goto(`${suite.gw.url}/lookmv?type=post`);
    const box = await page.waitForSelector("form.composer textarea", { visible: true });
    await box!.focus();

    const reached = await tabToOption(page);
    expect(reached).toMatchObject({ role: "radio", checked: "false", text: categories[0]!.name });
    expect(await options(page, "分类")).toEqual(categories.map((c) => `${c.name}:false`));

    await page.keyboard.press("Space");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-checked") === "true");
    expect(await options(page, "分类")).toEqual(categories.map((c, i) => `${c.name}:${i === 0}`));

    // The arrow keys move the choice within the group; one Tab leaves it (one tab stop for the group).
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((n) => document.activeElement?.textContent?.trim() === n && document.activeElement.getAttribute("aria-checked") === "true", {}, categories[1]!.name);
    expect(await options(page, "分类")).toEqual(categories.map((c, i) => `${c.name}:${i === 1}`));
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction((n) => document.activeElement?.textContent?.trim() === n && document.activeElement.getAttribute("aria-checked") === "true", {}, categories.at(-1)!.name);
    await page.keyboard.press("Tab");
    expect((await focused(page)).role).not.toBe("radio");
    // Back into the group: the chosen option takes the focus; Enter chooses too (as a tap, it clears a chosen one).
    await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    await page.keyboard.up("Shift");
    expect(await focused(page)).toMatchObject({ role: "radio", checked: "true", text: categories.at(-1)!.name });
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-checked") === "false");
    expect(await options(page, "分类")).toEqual(categories.map((c) => `${c.name}:false`));
  });

  it("ticks the dating filters, several at once, with Tab and Space", { timeout: 120_000 }, async () => {
    const page = await memberOnPhone(suite.gw, suite.browser, "13912350002", 0);
    await page.goto(`${suite.gw.url}/dating`);
    await page.waitForSelector("[aria-label=价格] [role=checkbox]", { visible: true });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // The sort is a single choice: one tab stop, on the chosen sort.
    let now = await tabToOption(page, 60);
    expect(now).toMatchObject({ role: "radio", checked: "true", group: "排序" });
    now = await tabToOption(page, 1);
    expect(now).toMatchObject({ role: "checkbox", checked: "false", group: "价格" });
    const first = now.text;
    await page.keyboard.press("Space");
    await page.waitForFunction(() => new URL(location.href).searchParams.has("price") && document.activeElement?.getAttribute("aria-checked") === "true");
    // Every checkbox is a tab stop of its own: the last one, 仅看认证, ticked with Enter, keeps the price.
    const all = (await options(page, "价格")).length;
    for (let i = 1; i < all; i++) now = await tabToOption(page, 1);
    expect(now).toMatchObject({ role: "checkbox", checked: "false", text: "仅看认证" });
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => new URL(location.href).searchParams.get("certified") === "1" && new URL(location.href).searchParams.has("price"));
    // The address changes before the screen draws the answer: the ticks are read once drawn.
    await expect.poll(async () => (await options(page, "价格")).filter((o) => o.endsWith(":true"))).toEqual([`${first}:true`, "仅看认证:true"]);
  });
});
