import { describe, expect, it } from "vitest";
import { comics, novels } from "#gateway/api/index.ts";
import { RESOURCE_KINDS, sortTabsOf } from "./resource-kinds.ts";
import { kindFeed, readTabQuery, tabHref } from "./resource-tab.ts";

const read = (search: string) => readTabQuery(new URL(`http://app/resource${search}`));

describe("the 资源 tab's query string", () => {
  it("reads the kind, sort, 找漫画 and filters, dropping what is not valid", () => {
    expect(read("")).toEqual({ kind: "comic", sort: undefined, find: false, filters: { tag: undefined, is_end: undefined, category_id: undefined } });
    expect(read("?type=novel&sort=hot&find=1&tag=%E6%A0%A1%E5%9B%AD&is_end=1&category_id=3")).toEqual({
      kind: "novel",
      sort: "hot",
      find: true,
      filters: { tag: "校园", is_end: 1, category_id: 3 },
    });
    expect(read("?type=video&is_end=2&category_id=-1").filters).toEqual({ tag: undefined, is_end: undefined, category_id: undefined });
    expect(read("?type=video").kind).toBe("comic");
  });

  it("writes back only what differs from the defaults, and reads back the same", () => {
    const q = read("?type=picture&sort=hot&tag=%E5%BB%BA%E7%AD%91");
    expect(tabHref(q)).toBe("/resource?type=picture&sort=hot&tag=%E5%BB%BA%E7%AD%91");
    expect(read(tabHref(q).slice("/resource".length))).toEqual(q);
    expect(tabHref({ kind: "game", find: false, filters: {} })).toBe("/resource?type=game");
  });
});

describe("a kind's list", () => {
  it("goes through the kind's list, its filter set's list once a filter is chosen, and 找漫画's list in find mode", () => {
    expect(kindFeed(RESOURCE_KINDS.novel, "new").path).toBe(novels.list.path);
    expect(kindFeed(RESOURCE_KINDS.novel, "new", { is_end: 1 }).path).toBe(novels.findList.path);
    expect(kindFeed(RESOURCE_KINDS.comic, "hot", { tag: "热血" }).path).toBe(comics.list.path);
    const find = kindFeed(RESOURCE_KINDS.comic, "hot", { tag: "热血" }, true);
    expect(find.path).toBe(comics.findList.path);
    expect(find.params).toEqual({ sort: "hot", tag: "热血" });
  });

  it("takes its sorts from the config's sort_tabs (com for comics and novels, picture for pictures), else 最新/最热", () => {
    const config = { sort_tabs: { com: [{ sort: "update", name: "更新" }], picture: [{ sort: "like", name: "点赞" }] } } as unknown as Parameters<typeof sortTabsOf>[1];
    expect(sortTabsOf(RESOURCE_KINDS.comic, config).map((t) => t.sort)).toEqual(["update"]);
    expect(sortTabsOf(RESOURCE_KINDS.novel, config).map((t) => t.sort)).toEqual(["update"]);
    expect(sortTabsOf(RESOURCE_KINDS.picture, config).map((t) => t.sort)).toEqual(["like"]);
    expect(sortTabsOf(RESOURCE_KINDS.audio, config).map((t) => t.name)).toEqual(["最新", "最热"]);
    expect(sortTabsOf(RESOURCE_KINDS.game, null).map((t) => t.sort)).toEqual(["new", "hot"]);
  });
});
