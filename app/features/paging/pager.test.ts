import { describe, expect, it } from "vitest";
import type { Paged } from "#gateway/api/types.ts";
import type { PagedSource } from "./paged-source.ts";
import { createPager, fromPage, notLoaded, startState, withNextPage, type PagedState } from "./pager.ts";

type Item = { id: number; n?: number };
const key = (i: Item) => i.id;
const page = (n: number, ids: number[], has_more = true): Paged<Item> => ({ list: ids.map((id) => ({ id })), page: n, limit: ids.length, total: 0, has_more });
const ids = (s: PagedState<Item>) => s.items.map(key);

/** A source whose pages answer when the test says so. */
function heldSource() {
  const asked: { page: number; answer: (p: Paged<Item>) => void; fail: (e: Error) => void }[] = [];
  const source: PagedSource<Item> = {
    path: "/api/test",
    params: {},
    limit: 2,
    key: "/api/test?limit=2",
    load: (n) => new Promise((answer, fail) => asked.push({ page: n, answer, fail })),
  };
  return { source, asked };
}

function pagerOf(start: PagedState<Item>) {
  const held = heldSource();
  const changes: PagedState<Item>[] = [];
  const pager = createPager(held.source, key, start, (s) => changes.push(s));
  return { ...held, pager, changes };
}

describe("pages merged", () => {
  it("adds the next page without the items already listed, and ends on an empty page", () => {
    const s = withNextPage(fromPage(page(1, [1, 2])), page(2, [2, 3]), key);
    expect(ids(s)).toEqual([1, 2, 3]);
    expect(s.page).toBe(2);
    expect(withNextPage(s, page(3, [], true), key).hasMore).toBe(false);
    expect(withNextPage(s, page(3, [4], false), key).hasMore).toBe(false);
  });

  it("starts as it was left, brought up to date by the loader's first page", () => {
    const left = { ...fromPage(page(2, [1, 2, 3, 4])), loading: true };
    expect(startState(undefined, undefined, key)).toEqual(notLoaded());
    expect(startState(page(1, [1, 2]), undefined, key)).toEqual(fromPage(page(1, [1, 2])));
    expect(startState(undefined, left, key)).toMatchObject({ page: 2, loading: false });
    const fresh = startState({ ...page(1, [1, 2]), list: [{ id: 1, n: 9 }, { id: 2 }] }, left, key);
    expect(fresh.items).toEqual([{ id: 1, n: 9 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    expect(fresh.page).toBe(2);
    // The list changed at its start: it starts over from the fresh page.
    expect(ids(startState(page(1, [9, 1]), left, key))).toEqual([9, 1]);
  });
});

describe("the pager", () => {
  it("loads one page at a time, the first itself when the loader gave none", async () => {
    const { pager, asked } = pagerOf(notLoaded());
    const first = pager.loadMore();
    void pager.loadMore();
    expect(asked.map((a) => a.page)).toEqual([1]);
    expect(pager.state.loading).toBe(true);
    asked[0]!.answer(page(1, [1, 2]));
    await first;
    expect(ids(pager.state)).toEqual([1, 2]);
    const second = pager.loadMore();
    expect(asked.map((a) => a.page)).toEqual([1, 2]);
    asked[1]!.answer(page(2, [3], false));
    await second;
    await pager.loadMore(); // the list has ended
    expect(asked).toHaveLength(2);
    expect(pager.state).toMatchObject({ page: 2, hasMore: false, loading: false, error: "" });
  });

  it("keeps a failure as the list's error, and loads the same page on retry", async () => {
    const { pager, asked } = pagerOf(fromPage(page(1, [1, 2])));
    const failing = pager.loadMore();
    asked[0]!.fail(new Error("网络超时，请稍后重试"));
    await failing;
    expect(pager.state).toMatchObject({ error: "网络超时，请稍后重试", loading: false, hasMore: true });
    expect(ids(pager.state)).toEqual([1, 2]);
    const retried = pager.retry();
    expect(pager.state.error).toBe("");
    expect(asked.map((a) => a.page)).toEqual([2, 2]);
    asked[1]!.answer(page(2, [3, 4]));
    await retried;
    expect(ids(pager.state)).toEqual([1, 2, 3, 4]);
  });

  it("starts over on a refresh, dropping a page asked for before it", async () => {
    const { pager, asked } = pagerOf(fromPage(page(1, [1, 2])));
    const more = pager.loadMore();
    const refresh = pager.refresh();
    asked[1]!.answer(page(1, [0, 1]));
    await refresh;
    asked[0]!.answer(page(2, [3, 4]));
    await more;
    expect(ids(pager.state)).toEqual([0, 1]);
    expect(pager.state.loading).toBe(false);
    // Free to load the next page of the new list.
    void pager.loadMore();
    expect(asked[2]!.page).toBe(2);
  });

  it("leaves the list as it was when a refresh fails", async () => {
    const { pager, asked } = pagerOf(fromPage(page(1, [1, 2])));
    const refresh = pager.refresh();
    asked[0]!.fail(new Error("网络错误"));
    await expect(refresh).rejects.toThrow("网络错误");
    expect(ids(pager.state)).toEqual([1, 2]);
  });

  it("takes a fresh first page from the loader, and patches items in place", () => {
    const { pager, changes } = pagerOf(fromPage(page(1, [1, 2])));
    pager.fresh({ ...page(1, [1, 2]), list: [{ id: 1, n: 5 }, { id: 2 }] });
    expect(pager.state.items[0]).toEqual({ id: 1, n: 5 });
    pager.mapItems((items) => items.map((i) => ({ ...i, n: 7 })));
    expect(pager.state.items.every((i) => i.n === 7)).toBe(true);
    expect(changes.at(-1)).toBe(pager.state);
  });
});
