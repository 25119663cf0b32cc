import type { Page } from "puppeteer";
import { expect, it } from "vitest";
import { gatewayAndBrowser, phonePage } from "../support/browser.ts";
import { visitEveryScreen } from "../support/screens.ts";

const suite = gatewayAndBrowser();

/**
 * Where the screen's content sits against the one page gutter (`--page-gutter`, decision 063), as "element: what is
 * wrong" lines. Content is what a person sees an edge of: a text, a picture or a field, or the outermost painted box
 * around it (a card, a bordered row, a button) inside the nearest box as wide as the screen. Nothing of it starts in
 * the left gutter or ends in the right one (past a horizontal strip's right edge is its scrolling, not a fault), and
 * in each full-width box the leftmost content starts at the gutter, unless it is centred. Boxes as wide as the screen
 * (banner tracks, cover pictures, list backgrounds) are edge to edge by design: they hold content, they are not its
 * edge. Left out by design: fixed layers (the tab bar, the audio dock, dialogs), the nav bar (its title is centred,
 * its back arrow is antd-mobile's), the player's stage and the readers (full-screen pictures and pages with their
 * own margins).
 */
async function gutterFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = document.createElement("div");
    probe.style.cssText = "position:absolute;visibility:hidden;width:var(--page-gutter)";
    document.body.append(probe);
    const gutter = probe.getBoundingClientRect().width;
    probe.remove();
    const width = document.documentElement.clientWidth;
    const near = (a: number, b: number) => Math.abs(a - b) <= 1;
    const fullWidth = (r: DOMRect) => r.left <= 0.5 && r.right >= width - 0.5;
    const name = (el: Element) => {
      const text = (el.textContent ?? "").trim().slice(0, 12);
      return `${el.tagName.toLowerCase()}${[...el.classList].slice(0, 2).map((c) => `.${c}`).join("")}${text ? ` "${text}"` : ""}`;
    };
    const painted = (style: CSSStyleDeclaration) =>
      !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor) ||
      style.backgroundImage !== "none" ||
      style.boxShadow !== "none" ||
      // A rounded box that clips (a banner) shows its shape through what it holds.
      (style.overflowX !== "visible" && style.borderTopLeftRadius !== "0px") ||
      ["Top", "Right", "Bottom", "Left"].some((side) => parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 && !/rgba\(0, 0, 0, 0\)/.test(style.getPropertyValue(`border-${side.toLowerCase()}-color`)));
    const faults = new Set<string>();
    const leftmost = new Map<Element, { left: number; what: string }>();
    const consider = (leaf: Element, box: { left: number; right: number }, label: string) => {
      let frame: Element | null = null;
      let edge = box;
      let edgeName = label;
      let inStrip = false;
      if (leaf.closest(".page-nav, .player-stage, .video-player, .reader, .comic-reader")) return;
      for (let el: Element | null = leaf; el && el !== document.body; el = el.parentElement) if (getComputedStyle(el).position === "fixed") return;
      // A picture as wide as the screen is full-bleed, not content in the margins.
      if (leaf.matches("img, svg, video, canvas, .enc-image") && fullWidth(leaf.getBoundingClientRect())) return;
      for (let el: Element | null = leaf; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        if ((style.overflowX === "auto" || style.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1) inStrip = true;
        // Out of a clipping box's view (a banner's other slides, a strip's far end) is not on screen.
        if (el !== leaf && style.overflowX !== "visible" && (edge.right <= r.left + 1 || edge.left >= r.right - 1)) return;
        if (fullWidth(r)) {
          frame = el;
          break;
        }
        if (painted(style)) {
          edge = r;
          edgeName = name(el);
        }
      }
      if (!frame) return;
      const fr = frame.getBoundingClientRect();
      const fs = getComputedStyle(frame);
      const innerLeft = fr.left + parseFloat(fs.borderLeftWidth) + parseFloat(fs.paddingLeft);
      const innerRight = fr.right - parseFloat(fs.borderRightWidth) - parseFloat(fs.paddingRight);
      const what = `${name(frame)} > ${edgeName}`;
      if (edge.left < gutter - 1) faults.add(`${what}: starts ${edge.left.toFixed(1)} px from the left edge`);
      if (!inStrip && edge.right > width - gutter + 1) faults.add(`${what}: ends ${(width - edge.right).toFixed(1)} px from the right edge`);
      const centred = (edge.left - innerLeft > 1 && near(edge.left - innerLeft, innerRight - edge.right)) || (edge.left > gutter + 1 && near(edge.left, width - edge.right));
      const seen = leftmost.get(frame);
      if (!centred && (!seen || edge.left < seen.left)) leftmost.set(frame, { left: edge.left, what });
    };
    const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !visible(parent) || parent.getBoundingClientRect().width <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (!rects.length) continue;
      const box = { left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) };
      // A list's number or bullet drawn inside its item starts the line.
      const item = parent.closest("li");
      const itemStyle = item && getComputedStyle(item);
      if (item && itemStyle!.listStylePosition === "inside" && itemStyle!.listStyleType !== "none") box.left = Math.min(box.left, item.getBoundingClientRect().left + parseFloat(itemStyle!.paddingLeft));
      consider(parent, box, `"${node.textContent.trim().slice(0, 12)}"`);
    }
    for (const el of document.querySelectorAll("img, svg, video, canvas, input, textarea, select, .enc-image")) {
      const r = el.getBoundingClientRect();
      if (r.width > 1 && visible(el)) consider(el, r, name(el));
    }
    for (const [frame, { left, what }] of leftmost) {
      if (left >= gutter - 1 && !near(left, gutter)) faults.add(`${what}: content starts ${left.toFixed(1)} px from the left edge`);
      void frame;
    }
    return [...faults].map((f) => `${f} (gutter ${gutter.toFixed(1)} px)`);
  });
}

// The accessibility test's walk through every screen, in one page, with a cheaper check: well under a minute alone.
it("sets every screen's content at the one page gutter", { timeout: 300_000 }, async () => {
  const page = await phonePage(suite.browser);
  const found: Record<string, string[]> = {};
  await visitEveryScreen(suite.gw, page, async (address) => {
    const faults = await gutterFaults(page);
    if (faults.length) found[address] = faults;
  });
  expect(found).toEqual({});
});
