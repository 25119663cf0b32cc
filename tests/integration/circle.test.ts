import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, circle, home, news, video } from "#gateway/api/index.ts";
import { DATING_CATEGORY, DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// The post circle (issue 20): every call as a visitor and as a member, posting, rewards moved once, replies,
// follow-ups, and a post hidden after reports.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const member = memberMaker(() => gw, 13400000000);

const value = async <T>(sqlText: string, ...args: unknown[]) => {
  const db = gw.openDb();
  try {
    return await db.value<T>(sqlText, args);
  } finally {
    await db.close();
  }
};

const picture = "/uploads/images/202611/abc123.png";

describe("the post circle", () => {
  it("shows a visitor the feed by sort and topic, headlines, the requests board, the ranking, topics and ads", async () => {
    const guest = testClient(gw.url);
    const feed = await guest.send(circle.list, { sort: "new" });
    expect(feed.total).toBeGreaterThanOrEqual(80);
    expect(feed.list[0]).toMatchObject({ kind: "post", creator: { uid: expect.any(Number) }, created_at: expect.stringMatching(/^\d{4}-/) });
    expect(feed.list.some((p) => p.images.length > 0 && p.images[0]!.url.includes("/media/enc/"))).toBe(true);
    const essence = await guest.send(circle.list, { sort: "essence", limit: 50 });
    expect(essence.list.length).toBeGreaterThan(0);
    expect(essence.list.every((p) => p.essence === 1)).toBe(true);
    expect((await guest.send(circle.list, { sort: "hot" })).total).toBe(feed.total);
    const topics = await guest.send(circle.topics, undefined);
    expect(topics.length).toBeGreaterThan(3);
    const inTopic = await guest.send(circle.list, { topic_id: topics[0]!.id, limit: 50 });
    expect(inTopic.total).toBe(topics[0]!.post_count);
    expect(inTopic.list.every((p) => p.topic?.id === topics[0]!.id)).toBe(true);
    // The category chips (the dark-web section's categories) each list their own posts: every seeded post in one.
    const categories = await guest.send(home.categories, { section: "aw" });
    const byCategory = await Promise.all(categories.map((c) => guest.send(circle.list, { category_id: c.id, limit: 50 })));
    expect(byCategory.reduce((n, page) => n + page.total, 0)).toBe(feed.total);
    expect(byCategory[0]!.total).toBeGreaterThan(0);
    expect(byCategory[0]!.total).toBeLessThan(feed.total);
    const first = new Set(byCategory[0]!.list.map((p) => p.id));
    expect(byCategory[1]!.list.some((p) => first.has(p.id))).toBe(false);
    const headlines = await guest.send(circle.headlines, {});
    expect(headlines.list[0]).toMatchObject({ title: expect.any(String), creator: { uid: expect.any(Number) } });
    const board = await guest.send(circle.wantLook, {});
    expect(board.list.every((p) => p.is_request === 1)).toBe(true);
    const ranked = await guest.send(circle.rank, { limit: 5 });
    expect(ranked.list.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(ranked.list[0]!.coins).toBeGreaterThanOrEqual(ranked.list[1]!.coins);
    expect((await guest.send(home.ads, { position: "post" })).length).toBeGreaterThan(0);
    const request = board.list[0]!;
    const d = await guest.send(circle.detail, { id: request.id });
    expect(d).toMatchObject({ id: request.id, is_mine: 0, viewer: { is_member: 0 } });
    expect(d.appends.length).toBeGreaterThan(0);
    expect((await guest.send(circle.mvList, { id: request.id })).total).toBeGreaterThan(0);
    expect((await guest.send(circle.replies, { id: request.id })).list).toEqual([]);
    expect(await guest.send(video.checkFind, {})).toMatchObject({ can_post: 0, reason: "登录后才能发帖" });
  });

  it("asks a visitor to log in (420) for every member call", async () => {
    const guest = testClient(gw.url);
    for (const [path, fields] of [
      [video.requestFind.path, { content: "今天天气很好，分享一下" }],
      [circle.reply.path, { id: 1, content: "好" }],
      [circle.praiseReply.path, { comment_id: 1 }],
      [circle.appendDetail.path, { id: 1, content: "补充" }],
      [circle.appendCoins.path, { id: 1, coins: 5 }],
      [circle.myFindList.path, {}],
      [circle.myLook.path, {}],
      [circle.myReply.path, {}],
      [home.reportHeadline.path, { id: 1, type_id: 1 }],
    ] as const) {
      expect((await guest.request(path, fields)).status, path).toBe(420);
    }
  });

  it("posts with pictures and a video, lists it in the feed and in my posts; refuses bad input with clear words", async () => {
    const m = await member();
    expect(await m.send(video.checkFind, {})).toMatchObject({ can_post: 1, left: circle.POSTS_PER_DAY });
    const posted = await m.send(video.requestFind, { content: "周末去公园拍的照片，分享给大家", images: [picture, `http://cdn.example${picture}`], video: "/uploads/videos/202611/v1.mp4" });
    expect(posted.post_id).toBeGreaterThan(0);
    const feed = await m.send(circle.list, { sort: "new" });
    expect(feed.list[0]).toMatchObject({ id: posted.post_id, images: [{ url: `${gw.url}${picture}` }, { url: `${gw.url}${picture}` }], video: { url: `${gw.url}/uploads/videos/202611/v1.mp4` } });
    expect((await m.send(circle.myFindList, {})).list.map((p) => p.id)).toEqual([posted.post_id]);
    expect((await m.send(circle.detail, { id: posted.post_id })).is_mine).toBe(1);

    const bad = await m.request(video.requestFind.path, { content: "短", images: Array(10).fill(picture) });
    expect(bad.msg).toMatch(/最多 9 张图片/);
    expect((await m.request(video.requestFind.path, { content: "短" })).msg).toBe("内容至少 5 个字");
    expect((await m.request(video.requestFind.path, { content: "这是一段足够长的文字", images: ["javascript:alert(1)"] })).msg).toMatch(/图片应为上传后的地址/);
    expect((await m.request(video.requestFind.path, { content: "这是一段足够长的文字", coins: 10 })).msg).toBe("只有求片帖可以设置悬赏");
    // Asking for a video of the catalogue still works, and is listed under "what I want to see".
    expect((await m.send(video.requestFind, { id: DEMO_FREE_VIDEO_ID })).requested).toBe(1);
    expect((await m.send(circle.myLook, {})).list.map((v) => v.id)).toEqual([DEMO_FREE_VIDEO_ID]);
  });

  it("posts under one of the circle's categories, listed there and nowhere else; refuses any other category", async () => {
    const m = await member();
    const [first, second] = await m.send(home.categories, { section: "aw" });
    const { post_id: id } = await m.send(video.requestFind, { content: "分到一个分类里的帖子", category_id: second!.id });
    expect((await m.send(circle.list, { category_id: second!.id, sort: "new" })).list[0]!.id).toBe(id);
    expect((await m.send(circle.list, { category_id: first!.id, sort: "new", limit: 50 })).list.some((p) => p.id === id)).toBe(false);
    // Another section's video category, the dating area, a news category, none at all.
    const homeCategory = (await m.send(home.categories, { section: "porn" }))[0]!.id;
    const newsCategory = (await m.send(news.categories, undefined))[0]!.id;
    for (const category_id of [homeCategory, DATING_CATEGORY.id, newsCategory, 99_999]) {
      expect((await m.request(video.requestFind.path, { content: "这个分类不是圈子的", category_id })).msg, String(category_id)).toBe("分类不存在");
    }
    expect((await m.send(circle.myFindList, {})).list.map((p) => p.id)).toEqual([id]);
  });

  it("posts a request with a reward, adds follow-ups, takes replies and offered videos", async () => {
    const m = await member(100);
    const { post_id: id } = await m.send(video.requestFind, { content: "求一部关于海边日落的短片", images: [picture], is_request: 1, coins: 30, request_id: "req-1" });
    // The same request again (a retry) posts once and charges once.
    expect((await m.send(video.requestFind, { content: "求一部关于海边日落的短片", images: [picture], is_request: 1, coins: 30, request_id: "req-1" })).post_id).toBe(id);
    expect((await m.send(accounts.userInfo, undefined)).coins).toBe(70);
    expect(await m.send(circle.detail, { id })).toMatchObject({ is_request: 1, coins: 30 });

    const followUp = await m.send(circle.appendDetail, { id, content: "最好是高清的" });
    expect((await m.send(circle.detail, { id })).appends.map((a) => a.content)).toEqual(["最好是高清的"]);
    expect(followUp.id).toBeGreaterThan(0);
    const other = await member(10);
    expect((await other.request(circle.appendDetail.path, { id, content: "我也补充" })).msg).toBe("只有作者可以补充帖子");

    const r = await other.request<{ id: number }>(circle.reply.path, { id, content: "这部可以看看", video_id: DEMO_FREE_VIDEO_ID });
    expect(r.msg).toBe("回复成功");
    const sub = await m.send(circle.reply, { id, content: "谢谢！", reply_to: r.data!.id });
    expect((await m.send(circle.replies, { id })).list.map((c) => c.id)).toEqual([r.data!.id]);
    expect((await m.send(circle.replyReplies, { comment_id: r.data!.id })).list.map((c) => c.id)).toEqual([sub.id]);
    expect(await m.send(circle.praiseReply, { comment_id: r.data!.id })).toEqual({ is_like: 1, like_count: 1 });
    expect((await m.send(circle.mvList, { id })).list.map((v) => v.id)).toEqual([DEMO_FREE_VIDEO_ID]);
    expect((await other.send(circle.myReply, {})).list[0]).toMatchObject({ content: "这部可以看看", post: { id } });

    const added = await other.request(circle.appendCoins.path, { id, coins: 10, request_id: "add-1" });
    expect(added.msg).toBe("已追加 10 金币悬赏，当前悬赏 40 金币");
    expect(added.data).toEqual({ reward: 40, coins: 0 });
    expect((await other.request(circle.appendCoins.path, { id, coins: 10, request_id: "add-2" })).msg).toMatch(/金币不足/);
    expect((await other.request(circle.appendCoins.path, { id, coins: 0 })).msg).toMatch(/追加金币应为/);
  });

  it("moves appended coins exactly once under 50 concurrent calls with one request_id", async () => {
    const m = await member(500);
    const { post_id: id } = await m.send(video.requestFind, { content: "求一部关于雨后城市的短片", is_request: 1 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => m.request<{ reward: number; coins: number }>(circle.appendCoins.path, { id, coins: 7, request_id: "same-tap" })));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.msg)).toEqual([]);
    expect(new Set(answers.map((a) => JSON.stringify(a.data)))).toEqual(new Set([JSON.stringify({ reward: 7, coins: 493 })]));
    expect((await m.send(accounts.userInfo, undefined)).coins).toBe(493);
    expect(Number(await value("SELECT COUNT(*) FROM find_rewards WHERE item_id = ?", id))).toBe(1);
    expect(Number(await value("SELECT COUNT(*) FROM spending WHERE item_id = ? AND reason = 'find_reward'", id))).toBe(1);
    expect(Number(await value("SELECT coins FROM items WHERE id = ?", id))).toBe(7);
  });

  it("hides a post from the feeds once three members reported it; its author still sees it", async () => {
    const author = await member();
    const { post_id: id } = await author.send(video.requestFind, { content: "一条会被举报的测试帖子" });
    const reporters = [await member(), await member(), await member()];
    for (const [i, r] of reporters.entries()) {
      expect((await r.send(circle.list, { sort: "new" })).list.map((p) => p.id)).toContain(id);
      await r.send(home.reportHeadline, { id, type_id: 1 });
      // A member reporting twice counts once.
      if (i === 0) await r.send(home.reportHeadline, { id, type_id: 2 });
      expect(Number(await value("SELECT hidden FROM items WHERE id = ?", id))).toBe(i === 2 ? 1 : 0);
    }
    const guest = testClient(gw.url);
    expect((await guest.send(circle.list, { sort: "new", limit: 50 })).list.map((p) => p.id)).not.toContain(id);
    expect((await guest.request(circle.detail.path, { id })).msg).toBe("该帖子被多人举报，审核前暂不显示");
    expect((await author.send(circle.myFindList, {})).list.map((p) => p.id)).toEqual([id]);
    expect((await author.send(circle.detail, { id })).id).toBe(id);
  });

  it("limits posts per day", async () => {
    const m = await member();
    for (let i = 0; i < circle.POSTS_PER_DAY; i++) await m.send(video.requestFind, { content: `第 ${i} 条测试帖子内容` });
    expect(await m.send(video.checkFind, {})).toMatchObject({ can_post: 0, left: 0 });
    expect((await m.request(video.requestFind.path, { content: "再来一条测试帖子" })).msg).toBe(`每天最多发 ${circle.POSTS_PER_DAY} 条帖子，明天再来吧`);
  });
});
