import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { news } from "#gateway/api/index.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Scandal news (issue 20): every call as a visitor and as a member, the paid part, favourites and comments.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const member = memberMaker(() => gw, 13500000000);

async function firstArticle(paid: boolean) {
  const page = await testClient(gw.url).send(news.list, { limit: 50 });
  return page.list.find((a) => (a.coins > 0) === paid)!;
}

describe("scandal news", () => {
  it("lists categories, tags and articles to a visitor, by category and by tag", async () => {
    const guest = testClient(gw.url);
    const categories = await guest.send(news.categories, undefined);
    expect(categories.length).toBeGreaterThanOrEqual(3);
    const tags = await guest.send(news.tags, {});
    expect(tags[0]).toMatchObject({ name: expect.any(String), count: expect.any(Number) });
    const all = await guest.send(news.list, { page: 1, limit: 10 });
    expect(all.total).toBeGreaterThanOrEqual(60);
    expect(all.list[0]).toMatchObject({ kind: "news", cover: expect.stringMatching(/\/media\/enc\//), created_at: expect.stringMatching(/^\d{4}-/) });
    const byCategory = await guest.send(news.list, { category_id: categories[1]!.id, limit: 50 });
    expect(byCategory.list.every((a) => a.category_id === categories[1]!.id)).toBe(true);
    const byTag = await guest.send(news.list, { tag: tags[0]!.name, limit: 50 });
    expect(byTag.total).toBe(tags[0]!.count);
    expect(byTag.list.every((a) => a.tags.includes(tags[0]!.name))).toBe(true);
    expect((await guest.request(news.list.path, { category_id: "x" })).msg).toMatch(/分类 id无效/);
  });

  it("shows a free article whole, with addressed images and video; a paid one as its preview", async () => {
    const guest = testClient(gw.url);
    const free = await guest.send(news.detail, { id: (await firstArticle(false)).id });
    expect(free).toMatchObject({ locked: 0, can_read: 1, viewer: { is_member: 0 } });
    expect(free.body).toMatch(/<img src="http[^"]+\/media\/enc\/[^"]+" data-ratio="4X3"/);
    expect(free.body).toMatch(/<video src="http[^"]+\/media\/video\/\d+\/0\/video\.mp4" controls><\/video>/);
    const paidItem = await firstArticle(true);
    const paid = await guest.send(news.detail, { id: paidItem.id });
    expect(paid).toMatchObject({ locked: 1, can_read: 0 });
    expect(paid.body).not.toMatch(/<video/);
    expect((await guest.request(news.detail.path, { id: 999999 })).msg).toBe("文章不存在或已下架");
  });

  it("asks a visitor to log in (420) to buy, keep, comment or list favourites", async () => {
    const guest = testClient(gw.url);
    const id = (await firstArticle(true)).id;
    for (const [path, fields] of [
      [news.buy.path, { id }],
      [news.favorite.path, { id }],
      [news.comment.path, { id, content: "说点什么" }],
      [news.likeComment.path, { comment_id: 1 }],
      [news.myFavorites.path, {}],
    ] as const) {
      expect((await guest.request(path, fields)).status, path).toBe(420);
    }
  });

  it("sells the paid part once, never throwing: too few coins is an outcome, a repeat charges nothing", async () => {
    const item = await firstArticle(true);
    const poor = await member(0);
    const refused = await poor.send(news.buy, { id: item.id });
    expect(refused.ok).toBe(false);
    expect(refused.msg).toMatch(/金币不足/);

    const m = await member(100);
    const bought = await Promise.all(Array.from({ length: 5 }, (_, i) => m.send(news.buy, { id: item.id, request_id: `news-${i}` })));
    expect(bought.filter((b) => b.ok && b.data?.charged === 1)).toHaveLength(1);
    const after = await m.send(news.detail, { id: item.id });
    expect(after).toMatchObject({ locked: 0, can_read: 1, is_pay: 1, viewer: { coins: 100 - item.coins, is_member: 1 } });
    expect(after.body).toMatch(/<video/);
    // The paid part's video plays for the buyer through a signed address; its unsigned address is refused (decision 067).
    const src = /<video src="([^"]+)"/.exec(after.body)![1]!.replaceAll("&amp;", "&");
    expect(src).toMatch(new RegExp(`/media/video/${item.id}/0/video\\.mp4\\?u=\\d+&e=\\d+&s=`));
    expect((await fetch(src, { headers: { range: "bytes=0-99" } })).status).toBe(206);
    expect((await fetch(src.split("?")[0]!)).status).toBe(403);
    const free = await m.send(news.buy, { id: (await firstArticle(false)).id });
    expect(free).toMatchObject({ ok: false, msg: "该文章免费，无需购买" });
  });

  it("keeps favourites, listed on the member's news tab, and takes comments and replies", async () => {
    const m = await member();
    const item = await firstArticle(false);
    expect(await m.send(news.favorite, { id: item.id })).toEqual({ is_favorite: 1, group_id: null });
    expect((await m.send(news.detail, { id: item.id })).is_favorite).toBe(1);
    expect((await m.send(news.myFavorites, {})).list.map((a) => a.id)).toEqual([item.id]);
    expect((await m.send(news.favorite, { id: item.id })).is_favorite).toBe(0);
    expect((await m.send(news.myFavorites, {})).total).toBe(0);

    const said = await m.send(news.comment, { id: item.id, content: "<script>alert(1)</script> 写得不错" });
    expect(said.content).toBe("<script>alert(1)</script> 写得不错");
    const answer = await m.send(news.comment, { id: item.id, content: "同意", reply_to: said.id });
    expect((await m.send(news.comments, { id: item.id })).list.map((c) => c.id)).toContain(said.id);
    expect((await m.send(news.replies, { comment_id: said.id })).list.map((c) => c.id)).toEqual([answer.id]);
    expect(await m.send(news.likeComment, { comment_id: said.id })).toEqual({ is_like: 1, like_count: 1 });
    expect((await m.request(news.comment.path, { id: item.id, content: "  " })).msg).toBe("请输入评论内容");
  });

  it("counts an article's comments the same in the list, the detail and the comments themselves", async () => {
    const guest = testClient(gw.url);
    const page = await guest.send(news.list, { limit: 50 });
    const commented = page.list.filter((a) => a.comment_count > 0);
    expect(commented.length).toBeGreaterThan(5);
    for (const article of commented.slice(0, 4)) {
      const comments = await guest.send(news.comments, { id: article.id, limit: 50 });
      const replies = comments.list.reduce((sum, c) => sum + c.reply_count, 0);
      expect(comments.total + replies, `article ${article.id}`).toBe(article.comment_count);
      expect((await guest.send(news.detail, { id: article.id })).comment_count).toBe(article.comment_count);
    }
    const m = await member();
    const item = commented[0]!;
    await m.send(news.comment, { id: item.id, content: "来看看" });
    const listed = (await guest.send(news.list, { limit: 50 })).list.find((a) => a.id === item.id)!;
    expect(listed.comment_count).toBe(item.comment_count + 1);
  });
});
