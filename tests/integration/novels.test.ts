import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, novels, resources } from "#gateway/api/index.ts";
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Novels (issue 19): every call as a visitor and as a member, locked chapters, purchases of a chapter and of the
// whole book (decision 041), and the reading progress that follows the member (newest wins).

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const member = memberMaker(() => gw, 13600000000);
// The seed's paid novel: 8 chapters, the first two free, the other six 4 coins each, the whole book 16.
const PAID = FIRST_NOVEL_ID;
const VIP_FREE = FIRST_NOVEL_ID + 1;
const FREE = FIRST_NOVEL_ID + 2;

async function chapters(id: number, client = testClient(gw.url)) {
  return (await client.send(novels.chaptersList, { id })).list;
}

async function setVip(c: ReturnType<typeof testClient>, vip: number) {
  const { uid } = await c.send(accounts.userInfo, undefined);
  const db = gw.openDb();
  try {
    // VIP is a time (decision 064): a month ahead, or none.
    await db.run("UPDATE users SET vip_expires_at = ? WHERE id = ?", [vip ? Date.now() + 30 * 86_400_000 : 0, uid]);
  } finally {
    await db.close();
  }
}

describe("novels for a visitor", () => {
  it("answers the home, the lists, the filters and the recommendations", async () => {
    const guest = testClient(gw.url);
    const home = await guest.send(novels.home, undefined);
    expect(home.banners.length).toBeGreaterThan(0);
    expect(home.banners[0]!.url).toMatch(/^\/novel\/detail\?id=\d+$/);
    expect(home.sections.map((s) => s.title)).toEqual(["热门小说", "最近更新", "完结精选"]);
    expect(home.sections[2]!.items.every((n) => n.is_end === 1)).toBe(true);

    const all = await guest.send(novels.list, { sort: "hot", limit: 50 });
    expect(all.total).toBe(30);
    expect(all.list[0]).toMatchObject({ kind: "novel", cover: expect.stringMatching(/\/media\/enc\//), unit_count: expect.any(Number) });
    const views = all.list.map((n) => n.view_count);
    expect(views).toEqual([...views].sort((a, b) => b - a));

    const conf = await guest.send(novels.findConf, undefined);
    expect(conf.map((f) => f.key)).toEqual(["is_end", "tag"]);
    const tag = conf[1]!.options[1]!.value;
    const byTag = await guest.send(novels.findList, { tag, limit: 50 });
    expect(byTag.total).toBeGreaterThan(0);
    expect(byTag.list.every((n) => n.tags.includes(tag))).toBe(true);
    const finished = await guest.send(novels.findList, { is_end: 1, limit: 50 });
    expect(finished.list.every((n) => n.is_end === 1)).toBe(true);

    const recommended = await guest.send(novels.recommend, { id: PAID });
    expect(recommended.length).toBe(6);
    expect(recommended.map((n) => n.id)).not.toContain(PAID);
    expect((await guest.request(novels.recommend.path, { id: 999999 })).msg).toBe("小说不存在或已下架");
  });

  it("shows the detail and the chapters: free ones with their text, sold ones locked with their price", async () => {
    const guest = testClient(gw.url);
    const detail = await guest.send(novels.detail, { id: PAID });
    expect(detail).toMatchObject({ id: PAID, kind: "novel", unit_count: 8, open_count: 2, book_price: 16, coins: 16, is_favorite: 0, viewer: { is_member: 0 } });
    const list = await chapters(PAID);
    expect(list.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(list.map((c) => c.can_open)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    expect(list[2]).toMatchObject({ coins: 4, vip_free: 0 });

    const first = await guest.send(novels.chapterDetail, { id: list[0]!.id });
    expect(first).toMatchObject({ locked: 0, prev_id: 0, next_id: list[1]!.id, chapter_count: 8, novel_title: detail.title });
    expect(first.content.length).toBeGreaterThanOrEqual(2000);
    expect(first.content.length).toBeLessThanOrEqual(6200);
    const locked = await guest.send(novels.chapterDetail, { id: list[2]!.id });
    expect(locked).toMatchObject({ locked: 1, content: "", coins: 4, prev_id: list[1]!.id, next_id: list[3]!.id });
    expect((await guest.request(novels.chapterDetail.path, { id: 99999999 })).msg).toBe("章节不存在或已下架");
    expect((await guest.request(novels.chapterDetail.path, { id: "x" })).msg).toBe("章节 id无效");

    const free = await chapters(FREE);
    expect(free.every((c) => c.can_open === 1)).toBe(true);
    expect((await guest.send(novels.detail, { id: FREE })).book_price).toBe(0);
    expect((await guest.send(novels.comments, { id: PAID })).list).toEqual([]);
  });

  it("asks a visitor to log in (420) for every member call", async () => {
    const guest = testClient(gw.url);
    const chapter = (await chapters(PAID))[3]!.id;
    for (const [path, fields] of [
      [novels.listFavorite.path, {}],
      [novels.listFollow.path, {}],
      [novels.favorite.path, { id: PAID }],
      [novels.like.path, { id: PAID }],
      [novels.comment.path, { id: PAID, content: "好看" }],
      [novels.likeComment.path, { comment_id: 1 }],
      [novels.buy.path, { id: chapter }],
      [novels.buyBook.path, { id: PAID }],
      [resources.followSeries.path, { id: PAID }],
      [resources.progress.path, { item_id: PAID }],
      [resources.saveProgress.path, { item_id: PAID, unit_id: chapter, position: 0.5, updated_at: Date.now() }],
    ] as const) {
      expect((await guest.request(path, fields)).status, path).toBe(420);
    }
  });
});

describe("novels for a member", () => {
  it("keeps favourites and likes, follows the series and takes comments with replies", async () => {
    const m = await member();
    expect(await m.send(novels.favorite, { id: FREE })).toEqual({ is_favorite: 1, group_id: null });
    expect((await m.send(novels.listFavorite, {})).list.map((n) => n.id)).toEqual([FREE]);
    expect(await m.send(novels.like, { id: FREE })).toMatchObject({ is_like: 1 });
    expect(await m.send(resources.followSeries, { id: FREE })).toEqual({ is_follow: 1 });
    const detail = await m.send(novels.detail, { id: FREE });
    expect(detail).toMatchObject({ is_favorite: 1, is_like: 1, is_follow: 1, viewer: { is_member: 1 } });
    const followed = await m.send(novels.listFollow, {});
    expect(followed.list.map((s) => s.latest.id)).toEqual([FREE]);
    expect(await m.send(novels.favorite, { id: FREE })).toMatchObject({ is_favorite: 0 });
    expect((await m.send(novels.listFavorite, {})).total).toBe(0);

    const said = await m.send(novels.comment, { id: FREE, content: "文笔很好" });
    const answer = await m.send(novels.comment, { id: FREE, content: "同意", reply_to: said.id });
    expect((await m.send(novels.comments, { id: FREE })).list.map((c) => c.id)).toEqual([said.id]);
    expect((await m.send(novels.replies, { comment_id: said.id })).list.map((c) => c.id)).toEqual([answer.id]);
    expect(await m.send(novels.likeComment, { comment_id: said.id })).toEqual({ is_like: 1, like_count: 1 });
    expect((await m.request(novels.comment.path, { id: FREE, content: " " })).msg).toBe("请输入评论内容");
  });

  it("sells a chapter once to 50 concurrent buys, never throwing; too few coins is an outcome", async () => {
    const chapter = (await chapters(PAID))[2]!;
    const poor = await member(0);
    const refused = await poor.send(novels.buy, { id: chapter.id });
    expect(refused.ok).toBe(false);
    expect(refused.msg).toMatch(/金币不足/);
    const free = await poor.send(novels.buy, { id: (await chapters(PAID))[0]!.id });
    expect(free.ok).toBe(false);
    expect(free.msg).toMatch(/免费/);

    const m = await member(100);
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => m.send(novels.buy, { id: chapter.id, request_id: `novel-race-${i}` })));
    expect(outcomes.filter((o) => !o.ok).map((o) => o.msg)).toEqual([]);
    expect(outcomes.filter((o) => o.data?.charged === 1)).toHaveLength(1);
    const again = await m.send(novels.buy, { id: chapter.id, request_id: "novel-later" });
    expect(again).toMatchObject({ ok: true, data: { charged: 0, coins: 96 } });
    const read = await m.send(novels.chapterDetail, { id: chapter.id });
    expect(read).toMatchObject({ locked: 0, viewer: { coins: 96 } });
    expect(read.content.length).toBeGreaterThan(1000);
    expect((await chapters(PAID, m)).map((c) => c.can_open)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);

    const { uid } = await m.send(accounts.userInfo, undefined);
    const db = gw.openDb();
    try {
      expect(Number(await db.value("SELECT COUNT(*) FROM spending WHERE user_id = ? AND item_id = ?", [uid, PAID]))).toBe(1);
    } finally {
      await db.close();
    }
  });

  it("sells the whole book after a chapter at its price less the chapter (decision 041), opening every chapter", async () => {
    const m = await member(100);
    const list = await chapters(PAID, m);
    await m.send(novels.buy, { id: list[3]!.id });
    expect((await m.send(novels.detail, { id: PAID })).book_price).toBe(16 - 4);
    const book = await m.send(novels.buyBook, { id: PAID });
    expect(book).toMatchObject({ ok: true, data: { charged: 1, coins_spent: 12, coins: 100 - 4 - 12 } });
    expect((await chapters(PAID, m)).every((c) => c.can_open === 1)).toBe(true);
    expect(await m.send(novels.detail, { id: PAID })).toMatchObject({ is_pay: 1, book_price: 0, open_count: 8 });
    expect(await m.send(novels.buy, { id: list[7]!.id })).toMatchObject({ ok: true, data: { charged: 0 } });
    const freeBook = await m.send(novels.buyBook, { id: FREE });
    expect(freeBook.ok).toBe(false);
    expect(freeBook.msg).toMatch(/不能整本购买/);
  });

  it("sells nothing of a book taken down: neither the whole book nor a chapter, and no coins move", async () => {
    const m = await member(100);
    const list = await chapters(PAID, m);
    const db = gw.openDb();
    try {
      await db.run("UPDATE items SET hidden = 1 WHERE id = ?", [PAID]);
      const book = await m.send(novels.buyBook, { id: PAID });
      expect(book).toMatchObject({ ok: false, msg: "小说不存在或已下架" });
      const chapter = await m.send(novels.buy, { id: list[3]!.id });
      expect(chapter).toMatchObject({ ok: false, msg: "章节不存在或已下架" });
    } finally {
      await db.run("UPDATE items SET hidden = 0 WHERE id = ?", [PAID]);
      await db.close();
    }
    expect((await m.send(accounts.userInfo, undefined)).coins).toBe(100);
    expect((await chapters(PAID, m)).filter((c) => c.can_open === 1).length).toBeLessThan(list.length);
  });

  it("opens VIP-free chapters to a VIP only", async () => {
    const m = await member(0);
    const sold = (await chapters(VIP_FREE, m)).find((c) => c.vip_free === 1)!;
    expect(sold.can_open).toBe(0);
    expect((await m.send(novels.chapterDetail, { id: sold.id })).locked).toBe(1);
    await setVip(m, 1);
    expect((await m.send(novels.chapterDetail, { id: sold.id })).locked).toBe(0);
    expect((await chapters(VIP_FREE, m)).every((c) => c.can_open === 1)).toBe(true);
  });
});

describe("reading progress (/api/resource/progress, save_progress)", () => {
  it("keeps the newest position: an older save is ignored, a far-future clock is clamped", async () => {
    const m = await member();
    const [a, b] = await chapters(FREE, m);
    expect(await m.send(resources.progress, { item_id: FREE })).toBeNull();
    const now = Date.now();
    expect(await m.send(resources.saveProgress, { item_id: FREE, unit_id: b!.id, position: 0.5, updated_at: now })).toEqual({ item_id: FREE, unit_id: b!.id, position: 0.5, updated_at: now });
    // Another device, with an older clock: ignored.
    expect(await m.send(resources.saveProgress, { item_id: FREE, unit_id: a!.id, position: 0.1, updated_at: now - 60_000 })).toMatchObject({ unit_id: b!.id, position: 0.5 });
    expect(await m.send(resources.progress, { item_id: FREE })).toMatchObject({ unit_id: b!.id, position: 0.5, updated_at: now });
    const newer = await m.send(resources.saveProgress, { item_id: FREE, unit_id: a!.id, position: 0.25, updated_at: now + 1000 });
    expect(newer).toMatchObject({ unit_id: a!.id, position: 0.25 });

    const future = await m.send(resources.saveProgress, { item_id: FREE, unit_id: b!.id, position: 0.75, updated_at: now + 365 * 86_400_000 });
    expect(future!.updated_at).toBeLessThanOrEqual(Date.now() + 86_400_000);
    expect(future!.updated_at).toBeGreaterThan(now + 1000);
    // A save from now wins again after a day, not after a year.
    expect((await m.request(resources.saveProgress.path, { item_id: FREE, unit_id: 0, position: -1, updated_at: now })).msg).toBe("位置应为非负数");
    expect((await m.request(resources.saveProgress.path, { item_id: 99999999, unit_id: 0, position: 0, updated_at: now })).msg).toBe("内容不存在或已下架");
  });
});
