import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, games, pictures, resources } from "#gateway/api/index.ts";
import { DEMO_GAME, gameLink, SEEDED_GAMES } from "#server/resources/games/seed.ts";
import { DEMO_PICTURE_SET, SEEDED_PICTURE_SETS } from "#server/resources/pictures/seed.ts";
import { startSiblingProcess, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const member = memberMaker(() => gw, 13750000000);
const { FREE_PICTURES } = pictures;

async function withDb<T>(fn: (db: ReturnType<TestGateway["openDb"]>) => Promise<T>): Promise<T> {
  const db = gw.openDb();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** The seeds (the addresses) of the demo set's pictures past the free ones. */
const lockedSeeds = () =>
  withDb(async (db) => (await db.all<{ seed: string }>("SELECT seed FROM item_images WHERE item_id = ? AND seq > ? ORDER BY seq", [DEMO_PICTURE_SET.id, FREE_PICTURES])).map((r) => r.seed));

/** Every answer about picture sets and games a caller gets, as text. */
async function everyAnswer(c: ReturnType<typeof testClient>): Promise<string> {
  const { id } = DEMO_PICTURE_SET;
  const calls = [
    [pictures.home.path, {}],
    [pictures.list.path, { limit: 50 }],
    [pictures.list.path, { sort: "hot", limit: 50 }],
    [pictures.detail.path, { id }],
    [pictures.pictureList.path, { id, limit: 50 }],
    [pictures.listFavorite.path, {}],
    [pictures.listFollow.path, {}],
    [games.home.path, {}],
    [games.list.path, { limit: 50 }],
    [games.detail.path, { id: DEMO_GAME.id }],
    [games.listFavorite.path, {}],
    [resources.listFollowSeries.path, {}],
  ] as const;
  const answers = await Promise.all(calls.map(([path, fields]) => c.request(path, fields)));
  expect(answers.filter((a) => !a.ok && a.status !== 420).map((a) => `${a.path}: ${a.msg}`)).toEqual([]);
  return JSON.stringify(answers.map((a) => a.data ?? null));
}

describe("calls, as a visitor and as a member", () => {
  it("answers the guest calls to a visitor and 420 to the member calls", async () => {
    const visitor = testClient(gw.url);
    const home = await visitor.send(pictures.home, undefined);
    expect(home.banners.length).toBeGreaterThan(0);
    expect(home.sections.every((s) => s.items.every((i) => i.kind === "picture"))).toBe(true);
    expect((await visitor.send(pictures.list, { limit: 50 })).total).toBe(SEEDED_PICTURE_SETS);
    const filters = await visitor.send(pictures.filters, undefined);
    const tag = filters.find((f) => f.key === "tag")!.options[0]!.value;
    const tagged = await visitor.send(pictures.list, { tag, limit: 50 });
    expect(tagged.list.length).toBeGreaterThan(0);
    expect(tagged.list.every((s) => s.tags.includes(tag))).toBe(true);
    const set = await visitor.send(pictures.detail, { id: DEMO_PICTURE_SET.id });
    expect(set).toMatchObject({ id: DEMO_PICTURE_SET.id, coins: DEMO_PICTURE_SET.price, unit_count: DEMO_PICTURE_SET.pictures, free_count: FREE_PICTURES, can_view: 0, is_pay: 0, viewer: { is_member: 0, coins: 0, vip: 0, tickets: 0, community_left: 0 } });
    expect(set.series_title).not.toBe("");
    expect((await visitor.send(pictures.comments, { id: set.id })).list).toEqual([]);

    expect((await visitor.send(games.home, undefined)).sections.length).toBeGreaterThan(0);
    expect((await visitor.send(games.list, { limit: 50 })).total).toBe(SEEDED_GAMES);
    expect((await visitor.send(games.filters, undefined)).map((f) => f.key)).toEqual(["tag", "category_id"]);
    const game = await visitor.send(games.detail, { id: DEMO_GAME.id });
    expect(game).toMatchObject({ coins: DEMO_GAME.price, can_play: 0, play_url: null, viewer: { is_member: 0 } });
    expect(game.images.length).toBeGreaterThanOrEqual(3);
    expect((await visitor.send(games.detail, { id: DEMO_GAME.freeId })).play_url).toBe(`${gw.url}${gameLink(DEMO_GAME.freeId)}`);

    for (const [path, fields] of [
      [pictures.listFavorite.path, {}],
      [pictures.listFollow.path, {}],
      [pictures.buy.path, { id: set.id }],
      [pictures.like.path, { id: set.id }],
      [pictures.favorite.path, { id: set.id }],
      [pictures.comment.path, { id: set.id, content: "好看" }],
      [pictures.likeComment.path, { comment_id: 1 }],
      [games.listFavorite.path, {}],
      [games.buy.path, { id: game.id }],
      [games.like.path, { id: game.id }],
      [games.favorite.path, { id: game.id }],
      [games.comment.path, { id: game.id, content: "好玩" }],
      [games.likeComment.path, { comment_id: 1 }],
    ] as const) {
      expect((await visitor.request(path, fields)).status, path).toBe(420);
    }
    expect((await visitor.request(pictures.detail.path, { id: DEMO_GAME.id })).status).toBe(404);
    expect((await visitor.request(games.detail.path, { id: "x" })).status).toBe(400);
  });

  it("likes, keeps, follows and comments on a set and a game", async () => {
    const c = await member();
    const { id } = DEMO_PICTURE_SET;
    expect(await c.send(pictures.like, { id })).toMatchObject({ is_like: 1 });
    expect(await c.send(pictures.favorite, { id })).toMatchObject({ is_favorite: 1 });
    expect((await c.send(pictures.listFavorite, {})).list.map((s) => s.id)).toEqual([id]);
    expect(await c.send(resources.followSeries, { id })).toEqual({ is_follow: 1 });
    const followed = await c.send(pictures.listFollow, {});
    expect(followed.list).toHaveLength(1);
    expect(followed.list[0]!.latest.kind).toBe("picture");
    expect(await c.send(pictures.detail, { id })).toMatchObject({ is_like: 1, is_favorite: 1, is_follow: 1 });
    const posted = await c.send(pictures.comment, { id, content: "光影很好看" });
    const reply = await c.send(pictures.comment, { id, content: "同意", reply_to: posted.id });
    expect((await c.send(pictures.comments, { id })).list.map((x) => x.id)).toEqual([posted.id]);
    expect((await c.send(pictures.replies, { comment_id: posted.id })).list.map((x) => x.id)).toEqual([reply.id]);
    expect(await c.send(pictures.likeComment, { comment_id: posted.id })).toMatchObject({ is_like: 1, like_count: 1 });
    expect((await c.request(pictures.comment.path, { id, content: " " })).status).toBe(400);

    const game = DEMO_GAME.id;
    expect(await c.send(games.like, { id: game })).toMatchObject({ is_like: 1 });
    expect(await c.send(games.favorite, { id: game })).toMatchObject({ is_favorite: 1 });
    expect((await c.send(games.listFavorite, {})).list.map((g) => g.id)).toEqual([game]);
    expect(await c.send(games.comment, { id: game, content: "画面清爽" })).toMatchObject({ content: "画面清爽" });
    expect((await c.send(games.comments, { id: game })).total).toBe(1);
    expect(await c.send(games.favorite, { id: game })).toMatchObject({ is_favorite: 0 });
    expect((await c.send(games.listFavorite, {})).total).toBe(0);
    // A game id is not a set, and the reverse.
    expect((await c.request(pictures.like.path, { id: game })).status).toBe(404);
    expect((await c.request(games.comment.path, { id, content: "x" })).status).toBe(404);
    // The words of the marks (these kinds say 喜欢) and of a bad id.
    expect((await c.request(games.like.path, { id: game })).msg).toBe("已取消喜欢");
    expect((await c.request(games.like.path, { id: game })).msg).toBe("已喜欢");
    expect((await c.request(pictures.favorite.path, { id })).msg).toBe("已取消收藏");
    expect((await c.request(pictures.comment.path, { id: "x", content: "x" })).msg).toBe("图集 id无效");
  });
});

describe("buying a picture set", () => {
  it("keeps the locked pictures' addresses out of every answer until the set is bought", async () => {
    const seeds = await lockedSeeds();
    expect(seeds.length).toBe(DEMO_PICTURE_SET.pictures - FREE_PICTURES);
    const c = await member(100);
    for (const who of [testClient(gw.url), c]) {
      const text = await everyAnswer(who);
      expect(seeds.filter((s) => text.includes(s))).toEqual([]);
    }
    const before = await c.send(pictures.pictureList, { id: DEMO_PICTURE_SET.id, limit: 50 });
    expect(before.total).toBe(DEMO_PICTURE_SET.pictures);
    expect(before.list.filter((p) => p.url).map((p) => p.seq)).toEqual(Array.from({ length: FREE_PICTURES }, (_, i) => i + 1));
    expect(before.list.filter((p) => p.locked).every((p) => p.url === null)).toBe(true);
    // Paged too: the second page holds only locked pictures.
    expect((await c.send(pictures.pictureList, { id: DEMO_PICTURE_SET.id, page: 2, limit: FREE_PICTURES })).list.map((p) => p.url)).toEqual(Array(FREE_PICTURES).fill(null));

    const outcome = await c.send(pictures.buy, { id: DEMO_PICTURE_SET.id });
    expect(outcome.ok).toBe(true);
    expect(outcome.msg).toBe("购买成功，全部图片已解锁");
    expect(outcome.data).toMatchObject({ charged: 1, coins_spent: DEMO_PICTURE_SET.price, coins: 100 - DEMO_PICTURE_SET.price, set: { is_pay: 1, can_view: 1, free_count: DEMO_PICTURE_SET.pictures } });
    const after = await c.send(pictures.pictureList, { id: DEMO_PICTURE_SET.id, limit: 50 });
    expect(after.list.every((p) => p.url && !p.locked)).toBe(true);
    expect(seeds.every((s) => JSON.stringify(after).includes(s))).toBe(true);
    expect((await c.send(resources.listBought, { kind: "picture" })).list.map((s) => s.id)).toEqual([DEMO_PICTURE_SET.id]);
    // Another member still sees none of them.
    const text = await everyAnswer(await member(100));
    expect(seeds.filter((s) => text.includes(s))).toEqual([]);
  });

  it("answers a failed buy without throwing: too few coins, a free set", async () => {
    const c = await member(0);
    const poor = await c.send(pictures.buy, { id: DEMO_PICTURE_SET.id });
    expect(poor.ok).toBe(false);
    expect(poor.msg).toMatch(/金币不足/);
    const free = await c.send(pictures.buy, { id: DEMO_PICTURE_SET.freeId });
    expect(free.ok).toBe(false);
    expect(free.msg).toMatch(/免费/);
    expect((await c.send(pictures.pictureList, { id: DEMO_PICTURE_SET.freeId, limit: 50 })).list.every((p) => p.url)).toBe(true);
  });

  it("answers a repeat of a request_id with the first answer, and another buy without charging", async () => {
    const c = await member(100);
    const first = await c.send(pictures.buy, { id: DEMO_PICTURE_SET.id, request_id: "same-1" });
    const repeat = await c.send(pictures.buy, { id: DEMO_PICTURE_SET.id, request_id: "same-1" });
    expect(repeat.data).toEqual(first.data);
    const again = await c.send(pictures.buy, { id: DEMO_PICTURE_SET.id, request_id: "other-1" });
    expect(again.data?.charged).toBe(0);
    expect(again.msg).toBe("已购买过该图集");
    expect((await c.send(accounts.userInfo, undefined)).coins).toBe(100 - DEMO_PICTURE_SET.price);
  });

  it("charges once for 50 concurrent buys of one set through two gateway processes", async () => {
    const second = await startSiblingProcess(gw);
    try {
      const c = await member(500);
      const other = testClient(second.url, { token: c.state.token });
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? other : c).send(pictures.buy, { id: DEMO_PICTURE_SET.id, request_id: `race-${i}` })));
      expect(outcomes.filter((o) => !o.ok).map((o) => o.msg)).toEqual([]);
      expect(outcomes.filter((o) => o.data?.charged === 1)).toHaveLength(1);
      const info = await c.send(accounts.userInfo, undefined);
      expect(info.coins).toBe(500 - DEMO_PICTURE_SET.price);
      await withDb(async (db) => {
        const uid = await db.value("SELECT id FROM users WHERE uuid = ?", [info.uuid]);
        expect(Number(await db.value("SELECT COUNT(*) FROM purchases WHERE user_id = ? AND item_id = ?", [uid, DEMO_PICTURE_SET.id]))).toBe(1);
        expect(Number(await db.value("SELECT COUNT(*) FROM spending WHERE user_id = ? AND item_id = ?", [uid, DEMO_PICTURE_SET.id]))).toBe(1);
      });
    } finally {
      second.child.kill("SIGTERM");
    }
  });
});

describe("buying a game", () => {
  it("gives the play link only after the game is bought", async () => {
    const link = `${gw.url}${gameLink(DEMO_GAME.id)}`;
    const c = await member(100);
    expect(await everyAnswer(testClient(gw.url))).not.toContain(link);
    expect(await everyAnswer(c)).not.toContain(link);
    const outcome = await c.send(games.buy, { id: DEMO_GAME.id });
    expect(outcome.ok).toBe(true);
    expect(outcome.msg).toBe("购买成功，可以开始游戏了");
    expect(outcome.data).toMatchObject({ charged: 1, coins_spent: DEMO_GAME.price, coins: 100 - DEMO_GAME.price, game: { is_pay: 1, can_play: 1, play_url: link } });
    expect((await c.send(games.detail, { id: DEMO_GAME.id })).play_url).toBe(link);
    // Lists never carry it, and another member does not get it.
    expect(JSON.stringify(await Promise.all([c.send(games.list, { limit: 50 }), c.send(resources.listBought, { kind: "game" })]))).not.toContain(link);
    expect(await everyAnswer(await member(100))).not.toContain(link);
    const again = await c.send(games.buy, { id: DEMO_GAME.id });
    expect(again.data).toMatchObject({ charged: 0, coins: 100 - DEMO_GAME.price });
  });

  it("plays on a page of the gateway's own that loads nothing from anywhere else", async () => {
    const c = await member(100);
    await c.send(games.buy, { id: DEMO_GAME.id });
    const detail = await c.send(games.detail, { id: DEMO_GAME.id });
    const url = new URL(detail.play_url!);
    expect(url.origin).toBe(new URL(gw.url).origin);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(page.headers.get("content-security-policy")).not.toMatch(/unsafe-inline/);
    const html = await page.text();
    expect(html).toContain(`<title>${detail.title} — 示例游戏</title>`);
    expect(html).toContain("<canvas");
    // No outside address of any kind: no scheme-qualified or protocol-relative link, no src or href at all.
    expect(html).not.toMatch(/https?:|\/\/[a-z]|\bsrc=|\bhref=|@import|url\(/i);
    for (const id of [999999, 1, "x"]) expect((await fetch(`${gw.url}/media/game/${id}`)).status, String(id)).toBe(404);
    // Every seeded game's link is such a page.
    await withDb(async (db) => {
      const links = await db.all<{ media: string }>("SELECT media FROM items WHERE kind = 'game'");
      expect(links.length).toBe(SEEDED_GAMES);
      for (const { media } of links) expect(media).toMatch(/^\/media\/game\/\d+$/);
    });
  });

  it("refuses a free game and a poor member without throwing", async () => {
    const c = await member(0);
    expect((await c.send(games.buy, { id: DEMO_GAME.freeId })).msg).toMatch(/免费/);
    const poor = await c.send(games.buy, { id: DEMO_GAME.id });
    expect(poor.ok).toBe(false);
    expect(poor.msg).toMatch(/金币不足/);
    expect((await c.send(games.detail, { id: DEMO_GAME.id })).play_url).toBeNull();
  });
});
