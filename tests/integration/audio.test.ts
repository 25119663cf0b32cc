import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audio, resources } from "#gateway/api/index.ts";
import type { AudioChapter } from "#gateway/api/audio.ts";
import { FIRST_AUDIO_ID } from "#server/resources/audio/seed.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Audio books (issue 19): every call as a visitor and as a member, the chapters' audio only for who may play
// it, purchases once (a chapter, the whole book after a chapter: decision 041), marks and comments.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const member = memberMaker(() => gw, 13300000000);
const BOOK = FIRST_AUDIO_ID;

async function chapters(c = testClient(gw.url), id = BOOK): Promise<AudioChapter[]> {
  return (await c.send(audio.chaptersList, { id })).list;
}

const balance = async (c: ReturnType<typeof testClient>) => (await c.send(audio.detail, { id: BOOK })).viewer.coins;

describe("audio books", () => {
  it("lists books to a visitor: the home, every sort, filters and a detail", async () => {
    const guest = testClient(gw.url);
    const home = await guest.send(audio.home, undefined);
    expect(home.sections.length).toBe(3);
    expect(home.sections[0]!.items[0]).toMatchObject({ kind: "audio", cover: expect.stringMatching(/\/media\/enc\//), unit_count: expect.any(Number) });
    expect(home.banners[0]!.url).toMatch(/^\/audio\/detail\?id=\d+$/);
    for (const sort of ["new", "hot", "update", "like"]) {
      const page = await guest.send(audio.list, { sort, page: 1, limit: 5 });
      expect(page.total).toBe(12);
      expect(page.list.every((b) => b.kind === "audio" && b.unit_count >= 3 && b.unit_count <= 12)).toBe(true);
    }
    const ended = await guest.send(audio.list, { is_end: 1, limit: 50 });
    expect(ended.list.every((b) => b.is_end === 1)).toBe(true);
    const tag = home.sections[0]!.items[0]!.tags[0]!;
    expect((await guest.send(audio.list, { tag, limit: 50 })).list.every((b) => b.tags.includes(tag))).toBe(true);
    const detail = await guest.send(audio.detail, { id: BOOK });
    expect(detail).toMatchObject({ id: BOOK, kind: "audio", unit_count: 8, is_like: 0, is_follow: 0, viewer: { is_member: 0 } });
    expect(detail.book_price).toBeGreaterThan(0);
    expect(detail.duration).toBeGreaterThan(8 * 5);
    expect((await guest.request(audio.detail.path, { id: 999999 })).msg).toBe("有声书不存在或已下架");
  });

  it("gives the audio of free chapters only, and serves no locked chapter's audio", async () => {
    const list = await chapters();
    expect(list).toHaveLength(8);
    const [free, locked] = [list[0]!, list.find((c) => !c.can_open)!];
    expect(free).toMatchObject({ seq: 1, coins: 0, can_open: 1, audio_url: expect.stringMatching(/\/media\/audio\/\d+\.wav\?u=0&e=\d+&s=/) });
    expect(free.duration).toBeGreaterThanOrEqual(6);
    expect(locked).toMatchObject({ can_open: 0, audio_url: null });
    expect(locked.coins).toBeGreaterThan(0);

    const wav = await fetch(free.audio_url!);
    expect(wav.status).toBe(200);
    expect(wav.headers.get("content-type")).toBe("audio/wav");
    const bytes = new Uint8Array(await wav.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("RIFF");
    expect(bytes.length).toBe(44 + free.duration * 8000);
    // The same bytes every time (drawn from the seed), and ranges for seeking.
    const part = await fetch(free.audio_url!, { headers: { range: "bytes=44-99" } });
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(44, 100));

    // A free chapter's grant does not open another chapter, and a forged or missing one opens nothing.
    const lockedPath = `/media/audio/${locked.id}.wav`;
    expect((await fetch(free.audio_url!.replace(`/media/audio/${free.id}.wav`, lockedPath))).status).toBe(403);
    expect((await fetch(`${gw.url}${lockedPath}`)).status).toBe(403);
    expect((await fetch(free.audio_url!.replace(/s=[^&]+/, "s=forged"))).status).toBe(403);
    expect((await fetch(free.audio_url!.replace(/e=\d+/, "e=1"))).status).toBe(403);
  });

  it("asks a visitor to log in (420) to buy, keep, like, follow, comment or list", async () => {
    const guest = testClient(gw.url);
    const locked = (await chapters()).find((c) => !c.can_open)!;
    for (const [path, fields] of [
      [audio.buy.path, { id: locked.id }],
      [audio.buyBook.path, { id: BOOK }],
      [audio.like.path, { id: BOOK }],
      [audio.favorite.path, { id: BOOK }],
      [audio.comment.path, { id: BOOK, content: "好听" }],
      [audio.likeComment.path, { comment_id: 1 }],
      [audio.listFavorite.path, {}],
      [audio.listFollow.path, {}],
      [resources.followSeries.path, { id: BOOK }],
      [resources.saveProgress.path, { item_id: BOOK, unit_id: 0, position: 1, updated_at: 1 }],
    ] as const) {
      expect((await guest.request(path, fields)).status, path).toBe(420);
    }
  });

  it("sells a chapter once to 50 concurrent buys, never throwing; the chapter then plays", async () => {
    const locked = (await chapters()).find((c) => !c.can_open)!;
    const poor = await member(0);
    const refused = await poor.send(audio.buy, { id: locked.id });
    expect(refused).toMatchObject({ ok: false, msg: expect.stringMatching(/金币不足/) });

    const m = await member(100);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => m.send(audio.buy, { id: locked.id, request_id: `audio-${i}` })));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.filter((a) => a.data?.charged === 1)).toHaveLength(1);
    expect(answers.find((a) => a.data?.charged === 1)!.msg).toBe("购买成功，章节已解锁");
    expect(await balance(m)).toBe(100 - locked.coins);
    // A repeat of a request id answers its first answer.
    const first = answers.find((a) => a.data?.charged === 1)!;
    const again = await m.send(audio.buy, { id: locked.id, request_id: `audio-${answers.indexOf(first)}` });
    expect(again.data).toEqual(first.data);
    expect(await balance(m)).toBe(100 - locked.coins);

    const mine = (await chapters(m)).find((c) => c.id === locked.id)!;
    expect(mine).toMatchObject({ can_open: 1, audio_url: expect.stringMatching(/\/media\/audio\/\d+\.wav\?u=\d+&/) });
    expect((await fetch(mine.audio_url!)).status).toBe(200);
    const free = await m.send(audio.buy, { id: (await chapters())[0]!.id });
    expect(free).toMatchObject({ ok: false, msg: expect.stringMatching(/免费收听/) });
    expect((await m.send(audio.buy, { id: 99999999 })).ok).toBe(false);
  });

  it("sells the whole book after a chapter at its price less the chapter's (decision 041), once", async () => {
    const m = await member(200);
    const list = await chapters(m);
    const price = (await m.send(audio.detail, { id: BOOK })).book_price;
    const chapter = list.find((c) => !c.can_open)!;
    await m.send(audio.buy, { id: chapter.id });
    const detail = await m.send(audio.detail, { id: BOOK });
    expect(detail.book_price).toBe(Math.max(0, price - chapter.coins));
    const whole = await m.send(audio.buyBook, { id: BOOK, request_id: "book-1" });
    expect(whole).toMatchObject({ ok: true, msg: "购买成功，有声书已解锁", data: { charged: 1, coins_spent: price - chapter.coins, coins: 200 - price } });
    expect(await m.send(audio.buyBook, { id: BOOK, request_id: "book-2" })).toMatchObject({ ok: true, data: { charged: 0, coins_spent: 0 } });
    const after = await m.send(audio.detail, { id: BOOK });
    expect(after).toMatchObject({ is_pay: 1, book_price: 0, open_count: 8, viewer: { coins: 200 - price } });
    expect((await chapters(m)).every((c) => c.can_open === 1 && c.audio_url)).toBe(true);
    const freeBook = (await m.send(audio.list, { limit: 50 })).list.find((b) => b.coins === 0)!;
    expect(await m.send(audio.buyBook, { id: freeBook.id })).toMatchObject({ ok: false, msg: expect.stringMatching(/不能整本购买/) });
  });

  it("likes, keeps, follows and lists a book; takes comments; keeps the listening position", async () => {
    const m = await member();
    expect(await m.send(audio.like, { id: BOOK })).toEqual({ is_like: 1, like_count: expect.any(Number) });
    expect(await m.send(audio.favorite, { id: BOOK })).toEqual({ is_favorite: 1, group_id: null });
    expect((await m.send(audio.listFavorite, {})).list.map((b) => b.id)).toEqual([BOOK]);
    expect(await m.send(resources.followSeries, { id: BOOK })).toEqual({ is_follow: 1 });
    const followed = await m.send(audio.listFollow, {});
    expect(followed.list).toHaveLength(1);
    expect(followed.list[0]).toMatchObject({ series_id: BOOK, latest: { id: BOOK, kind: "audio" } });
    expect(await m.send(audio.detail, { id: BOOK })).toMatchObject({ is_like: 1, is_favorite: 1, is_follow: 1 });

    const said = await m.send(audio.comment, { id: BOOK, content: "声音很治愈" });
    const reply = await m.send(audio.comment, { id: BOOK, content: "同感", reply_to: said.id });
    expect((await testClient(gw.url).send(audio.comments, { id: BOOK })).list.map((c) => c.id)).toContain(said.id);
    expect((await m.send(audio.replies, { comment_id: said.id })).list.map((c) => c.id)).toEqual([reply.id]);
    expect(await m.send(audio.likeComment, { comment_id: said.id })).toEqual({ is_like: 1, like_count: 1 });
    expect((await m.request(audio.comment.path, { id: BOOK, content: " " })).msg).toBe("请输入评论内容");

    const chapter = (await chapters(m))[1]!;
    await m.send(resources.saveProgress, { item_id: BOOK, unit_id: chapter.id, position: 12.5, updated_at: Date.now() });
    expect(await m.send(resources.progress, { item_id: BOOK })).toMatchObject({ unit_id: chapter.id, position: 12.5 });
  });
});
