import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, creators, home } from "#gateway/api/index.ts";
import type { api } from "#app/lib/gateway.ts";
import { startTestGateway, testClient, type TestGateway } from "../../../tests/support/gateway.ts";
import { firstPage, pagedSource } from "./paged-source.ts";

describe("pagedSource", () => {
  let gw: TestGateway;
  beforeAll(async () => void (gw = await startTestGateway()));
  afterAll(() => gw?.close());

  it("asks its endpoint with its params, the page and its limit", async () => {
    // The real gateway, through the real client (the app's own needs a page to run in, which node has not).
    const client = testClient(gw.url);
    const send: typeof api = (endpoint, input) => client.send(endpoint, input);
    const source = pagedSource(creators.featured, { uid: 3 }, 2, send);
    const first = await firstPage(source);
    expect(first).toMatchObject({ page: 1, limit: 2 });
    expect(first.list).toHaveLength(2);
    expect(first.list.map((v) => v.creator.uid)).toEqual([3, 3]);
    const fourth = await source.load(4);
    expect(fourth).toEqual(await client.send(creators.featured, { uid: 3, page: 4, limit: 2 }));
    expect(fourth.page).toBe(4);
    expect(fourth.list).toHaveLength(2);
    expect(fourth.list.map((v) => v.id)).not.toEqual(first.list.map((v) => v.id));
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
