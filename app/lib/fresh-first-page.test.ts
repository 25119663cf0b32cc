import { describe, expect, it } from "vitest";
import { withFreshFirstPage } from "./fresh-first-page.ts";

const page = (ids: number[], has_more: boolean) => ({ list: ids.map((id) => ({ id, n: id * 10 })), page: 1, limit: 20, has_more, total: 0 });
const shown = [1, 2, 3, 4].map((id) => ({ id, n: 0 }));
const key = (i: { id: number }) => i.id;

describe("withFreshFirstPage", () => {
  it("keeps the loaded pages when the first page is unchanged, with the fresh items' fields", () => {
    expect(withFreshFirstPage(shown, page([1, 2], true), key)).toEqual([
      { id: 1, n: 10 },
      { id: 2, n: 20 },
      { id: 3, n: 0 },
      { id: 4, n: 0 },
    ]);
  });

  it("starts over when the first page changed: an item added, removed or moved", () => {
    expect(withFreshFirstPage(shown, page([9, 1], true), key)).toBeNull();
    expect(withFreshFirstPage(shown, page([2, 3], true), key)).toBeNull();
    expect(withFreshFirstPage(shown, page([2, 1], true), key)).toBeNull();
    expect(withFreshFirstPage([], page([1], false), key)).toBeNull();
  });

  it("starts over when the whole list now fits in the first page but fewer items are shown than before", () => {
    expect(withFreshFirstPage(shown, page([1, 2, 3], false), key)).toBeNull();
    expect(withFreshFirstPage(shown, page([1, 2, 3, 4], false), key)).toHaveLength(4);
    expect(withFreshFirstPage([], page([], false), key)).toEqual([]);
  });
});
