import { describe, expect, it, vi } from "vitest";
import { accounts, creators, home } from "#gateway/api/index.ts";
import { firstPage, pagedSource } from "./paged-source.ts";

const api = vi.hoisted(() => vi.fn(async (_ep: unknown, input: unknown) => ({ input })));
vi.mock("#app/lib/gateway.ts", () => ({ api }));

describe("pagedSource", () => {
  it("asks its endpoint with its params, the page and its limit", async () => {
    const source = pagedSource(creators.featured, { uid: 3 }, 18);
    await firstPage(source);
    await source.load(4);
    expect(api.mock.calls).toEqual([
      [creators.featured, { uid: 3, page: 1, limit: 18 }],
      [creators.featured, { uid: 3, page: 4, limit: 18 }],
    ]);
  });

  it("is named by its path, params and limit, whatever their order; params left undefined are not sent", () => {
    const a = pagedSource(home.list, { section: "porn", sort: "new" }, 20);
    const b = pagedSource(home.list, { sort: "new", section: "porn" }, 20);
    expect(a.key).toBe(b.key);
    expect(a.key).toBe("/api/mv/list?limit=20&section=porn&sort=new");
    expect(pagedSource(home.list, { section: "porn", sort: "hot" }, 20).key).not.toBe(a.key);
    const all = pagedSource(accounts.myLikes, { group_id: undefined }, 20);
    expect(all.params).toEqual({});
    expect(all.key).toBe(pagedSource(accounts.myLikes, {}, 20).key);
  });

  it("takes only the params its endpoint takes", () => {
    // @ts-expect-error: uid is a number
    pagedSource(creators.featured, { uid: "3" }, 20);
    // @ts-expect-error: uid is required
    pagedSource(creators.featured, {}, 20);
    // @ts-expect-error: the endpoint takes no kw
    pagedSource(creators.featured, { uid: 3, kw: "x" }, 20);
    // @ts-expect-error: an endpoint that takes only page and limit takes nothing else
    pagedSource(home.elements, { uid: 3 }, 20);
    // @ts-expect-error: page and limit are the source's own
    pagedSource(home.elements, { page: 2 }, 20);
    // @ts-expect-error: not a paged call
    pagedSource(creators.compilations, { uid: 3 }, 20);
    expect(true).toBe(true);
  });
});
