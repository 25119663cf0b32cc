import { describe, expect, it } from "vitest";
import { newerProgress } from "#app/lib/progress.ts";
import { parseProgress } from "./place.ts";
import { pageCount, pageOfPosition, paragraphsOf, positionOfPage, tapZone, turn } from "./reader-pages.ts";

describe("pagination", () => {
  it("counts the columns of a chapter, at least one, absorbing sub-pixel widths", () => {
    expect(pageCount(360, 360, 24)).toBe(1);
    // 3 pages: 3 × 360 + 2 gaps.
    expect(pageCount(3 * 360 + 2 * 24, 360, 24)).toBe(3);
    expect(pageCount(3 * 360 + 2 * 24 + 0.4, 360, 24)).toBe(3);
    expect(pageCount(0, 360, 24)).toBe(1);
    expect(pageCount(1000, 0, 24)).toBe(1);
  });

  it("turns within a chapter, and past its ends into the next or previous chapter when there is one", () => {
    const both = { prev: true, next: true };
    expect(turn(0, 5, 1, both)).toEqual({ to: "page", page: 1 });
    expect(turn(3, 5, 1, both)).toEqual({ to: "page", page: 4 });
    expect(turn(4, 5, 1, both)).toEqual({ to: "next-chapter" });
    expect(turn(0, 5, -1, both)).toEqual({ to: "prev-chapter" });
    expect(turn(4, 5, 1, { prev: true, next: false })).toEqual({ to: "none" });
    expect(turn(0, 5, -1, { prev: false, next: true })).toEqual({ to: "none" });
    expect(turn(0, 1, 1, both)).toEqual({ to: "next-chapter" });
  });

  it("splits the screen in three tap zones", () => {
    expect(tapZone(10, 390)).toBe("prev");
    expect(tapZone(195, 390)).toBe("menu");
    expect(tapZone(380, 390)).toBe("next");
    expect(tapZone(10, 0)).toBe("menu");
  });

  it("splits a chapter into paragraphs", () => {
    expect(paragraphsOf("一。\n\n  二。 \n三。")).toEqual(["一。", "二。", "三。"]);
    expect(paragraphsOf("")).toEqual([]);
  });
});

describe("position", () => {
  it("maps a page to the fraction read and back, on the same layout", () => {
    for (const pages of [1, 2, 7, 30]) {
      for (let page = 0; page < pages; page++) expect(pageOfPosition(positionOfPage(page, pages), pages)).toBe(page);
    }
  });

  it("keeps the place when the layout changes (a bigger font makes more pages)", () => {
    const position = positionOfPage(5, 10);
    expect(position).toBe(0.5);
    expect(pageOfPosition(position, 20)).toBe(10);
    expect(pageOfPosition(position, 3)).toBe(1);
  });

  it("clamps: the end of a chapter is its last page, nonsense is its first", () => {
    expect(pageOfPosition(1, 8)).toBe(7);
    expect(pageOfPosition(5, 8)).toBe(7);
    expect(pageOfPosition(-1, 8)).toBe(0);
    expect(pageOfPosition(Number.NaN, 8)).toBe(0);
    expect(positionOfPage(12, 8)).toBe(7 / 8);
    expect(positionOfPage(3, 1)).toBe(0);
  });

  it("restores from the newer of this device's position and the gateway's", () => {
    const local = { item_id: 1, unit_id: 10, position: 0.2, updated_at: 1000 };
    const remote = { item_id: 1, unit_id: 11, position: 0.6, updated_at: 2000 };
    expect(newerProgress(local, remote)).toBe(remote);
    expect(newerProgress({ ...local, updated_at: 3000 }, remote)).toEqual({ ...local, updated_at: 3000 });
    expect(newerProgress(null, remote)).toBe(remote);
    expect(newerProgress(local, null)).toBe(local);
    expect(newerProgress(null, null)).toBeNull();
  });

  it("reads a stored position back, refusing what is malformed or of another book", () => {
    const p = { item_id: 7, unit_id: 3, position: 0.5, updated_at: 99 };
    expect(parseProgress(JSON.stringify(p), 7)).toEqual(p);
    expect(parseProgress(JSON.stringify(p), 8)).toBeNull();
    expect(parseProgress(JSON.stringify({ ...p, position: 2 }), 7)).toBeNull();
    expect(parseProgress("{", 7)).toBeNull();
    expect(parseProgress(null, 7)).toBeNull();
  });
});
