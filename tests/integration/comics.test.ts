import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, comics, resources } from "#gateway/api/index.ts";
import { FIRST_COMIC_ID, LONG_EPISODE_COMIC, LONG_EPISODE_PAGES } from "#server/resources/comics/seed.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Comics (issue 19, decision 042): every call as a visitor and as a member, locked episodes, purchases of an
// episode and of the whole book (decision 041), favourite groups of their own kind.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const member = memberMaker(() => gw, 13700000000);
// The seed's paid comic: 12 episodes, the first two free, the other ten 3 coins each, the whole book 20.
const PAID = FIRST_COMIC_ID;
const FREE = FIRST_COMIC_ID + 2;

async function episodes(id: number, client = testClient(gw.url)) {
  return (await client.send(comics.listEpisode, { id })).episodes;
}

describe("comics for a visitor", () => {
  it("answers the home, the lists and the filters", async () => {
    const guest = testClient(gw.url);
    const home = await guest.send(comics.home, undefined);
    expect(home.banners.length).toBe(3);
    expect(home.banners[0]!.url).toMatch(/^\/cartoon\/cartoon-detail\?id=\d+$/);
    expect(home.sections.length).toBeGreaterThan(0);

    const all = await guest.send(comics.list, { sort: "hot", limit: 50 });
    expect(all.total).toBe(36);
    expect(all.list[0]).toMatchObject({ kind: "comic", cover: expect.stringMatching(/\/media\/enc\//), unit_count: expect.any(Number) });
    const views = all.list.map((c) => c.view_count);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(all.list.every((c) => c.unit_count >= 3 && c.unit_count <= 20)).toBe(true);

    for (const call of [comics.filters, comics.findConf]) {
      const conf = await guest.send(call, undefined);
      expect(conf.map((f) => f.key)).toEqual(["is_end", "tag", "category_id"]);
    }
    const conf = await guest.send(comics.findConf, undefined);
    const tag = conf[1]!.options[0]!.value;
    const byTag = await guest.send(comics.findList, { tag, limit: 50 });
    expect(byTag.total).toBeGreaterThan(0);
    expect(byTag.list.every((c) => c.tags.includes(tag))).toBe(true);
    const finished = await guest.send(comics.list, { is_end: 1, limit: 50 });
    expect(finished.list.every((c) => c.is_end === 1)).toBe(true);
  });

  it("shows the detail and the episodes: free ones with their pages, sold ones locked", async () => {
    const guest = testClient(gw.url);
    const { comic, episodes: list } = await guest.send(comics.listEpisode, { id: PAID });
    expect(comic).toMatchObject({ id: PAID, kind: "comic", unit_count: 12, coins: 20, book_price: 20, is_favorite: 0, group_id: null, viewer: { is_member: 0 } });
    expect(list.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(list.map((e) => e.can_open)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(list[2]).toMatchObject({ coins: 3, vip_free: 0 });

    const first = await guest.send(comics.read, { id: PAID, episode_id: list[0]!.id });
    expect(first).toMatchObject({ locked: 0, prev_id: 0, next_id: list[1]!.id, comic_title: comic.title });
    expect(first.pages.length).toBeGreaterThanOrEqual(6);
    expect(first.pages[0]!.url).toMatch(/\/media\/enc\/comic-30001-1-1\.bin\?w=720&h=\d+$/);
    const locked = await guest.send(comics.read, { id: PAID, episode_id: list[2]!.id });
    expect(locked).toMatchObject({ locked: 1, pages: [], prev_id: list[1]!.id, next_id: list[3]!.id });

    const long = await episodes(LONG_EPISODE_COMIC);
    expect((await guest.send(comics.read, { id: LONG_EPISODE_COMIC, episode_id: long[0]!.id })).pages).toHaveLength(LONG_EPISODE_PAGES);

    expect((await guest.request(comics.listEpisode.path, { id: 999999 })).msg).toBe("漫画不存在或已下架");
    // The product's detail call: the same card as list_episode's, without the episodes.
    expect(await guest.send(comics.detail, { id: PAID })).toEqual((await guest.send(comics.listEpisode, { id: PAID })).comic);
    expect((await guest.request(comics.detail.path, { id: 999999 })).msg).toBe("漫画不存在或已下架");
    expect((await guest.request(comics.read.path, { id: PAID, episode_id: long[0]!.id })).msg).toBe("章节不存在");
    expect((await guest.request(comics.read.path, { id: PAID, episode_id: "x" })).msg).toBe("章节 id无效");
    const comments = await guest.send(comics.comments, { id: FREE });
    expect(comments.list).toEqual([]);
  });

  it("asks a visitor to log in (420) for every member call", async () => {
    const guest = testClient(gw.url);
    const episode = (await episodes(PAID))[3]!.id;
    for (const [path, fields] of [
      [comics.listFavorite.path, {}],
      [comics.favorite.path, { id: PAID }],
      [comics.buy.path, { id: PAID, chapter_id: episode }],
      [comics.buy.path, { id: PAID }],
      [comics.likeGroups.path, {}],
      [comics.createLikeGroup.path, { name: "收藏夹" }],
      [comics.updateLikeGroup.path, { id: 1, name: "收藏夹" }],
      [comics.deleteLikeGroup.path, { id: 1 }],
      [comics.like.path, { id: PAID }],
      [comics.comment.path, { id: PAID, content: "好看" }],
      [comics.likeComment.path, { comment_id: 1 }],
      [comics.report.path, { id: PAID, type_id: 1 }],
      [resources.followSeries.path, { id: PAID }],
    ] as const) {
      expect((await guest.request(path, fields)).status, path).toBe(420);
    }
  });
});

describe("comics for a member", () => {
  it("charges once for 50 concurrent buys of one episode, then opens it", async () => {
    const m = await member(100);
    const episode = (await episodes(PAID, m))[4]!;
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => m.send(comics.buy, { id: PAID, chapter_id: episode.id, request_id: `comic-race-${i}` })));
    expect(outcomes.filter((o) => !o.ok).map((o) => o.msg)).toEqual([]);
    expect(outcomes.filter((o) => o.data?.charged === 1)).toHaveLength(1);
    expect(outcomes.find((o) => o.data?.charged === 1)!.msg).toBe("购买成功，花费 3 金币");
    expect((await m.send(accounts.userInfo, undefined)).coins).toBe(97);
    // The same request again answers the first answer.
    const again = await m.send(comics.buy, { id: PAID, chapter_id: episode.id, request_id: "comic-race-0" });
    expect(again.ok).toBe(true);
    expect((await m.send(accounts.userInfo, undefined)).coins).toBe(97);
    const read = await m.send(comics.read, { id: PAID, episode_id: episode.id });
    expect(read.locked).toBe(0);
    expect(read.pages.length).toBeGreaterThan(0);
  });

  it("sells the whole book after an episode at its price less the episode (decision 041), once", async () => {
    const m = await member(100);
    const episode = (await episodes(PAID, m))[2]!;
    expect((await m.send(comics.buy, { id: PAID, chapter_id: episode.id, request_id: "one" })).data).toMatchObject({ charged: 1, coins_spent: 3, coins: 97, chapter_id: episode.id });
    expect((await m.send(comics.listEpisode, { id: PAID })).comic.book_price).toBe(17);
    const whole = await m.send(comics.buy, { id: PAID, request_id: "whole" });
    expect(whole.msg).toBe("整本购买成功，花费 17 金币");
    expect(whole.data).toMatchObject({ charged: 1, coins_spent: 17, coins: 80, chapter_id: 0 });
    expect((await m.send(comics.buy, { id: PAID, request_id: "whole-2" })).data).toMatchObject({ charged: 0, coins: 80 });
    const { comic, episodes: list } = await m.send(comics.listEpisode, { id: PAID });
    expect(comic).toMatchObject({ is_pay: 1, book_price: 0 });
    expect(list.every((e) => e.can_open === 1)).toBe(true);
    // An episode the whole book covers is not sold again.
    expect((await m.send(comics.buy, { id: PAID, chapter_id: list[9]!.id, request_id: "covered" })).data).toMatchObject({ charged: 0, coins: 80 });
  });

  it("refuses a buy it cannot make, without throwing", async () => {
    const poor = await member(1);
    const list = await episodes(PAID, poor);
    const short = await poor.send(comics.buy, { id: PAID, chapter_id: list[3]!.id, request_id: "short" });
    expect(short.ok).toBe(false);
    expect(short.msg).toBe("金币不足，当前余额 1 金币，需要 3 金币");
    expect((await poor.send(comics.buy, { id: PAID, chapter_id: list[0]!.id })).msg).toBe("该章节可以免费阅读，无需购买");
    expect((await poor.send(comics.buy, { id: FREE })).msg).toBe("该漫画不能整本购买，请按章节购买");
    expect((await poor.send(comics.buy, { id: PAID, chapter_id: 99999999 })).msg).toBe("章节不存在");
  });

  it("keeps favourites in comic groups apart from the video groups (251 on rename and delete)", async () => {
    const m = await member();
    const video = await m.send(accounts.createLikeGroup, { name: "视频夹" });
    const group = await m.send(comics.createLikeGroup, { name: "追更" });
    expect(await m.send(comics.likeGroups, undefined)).toEqual([{ id: group.id, name: "追更", video_count: 0 }]);
    expect((await m.send(accounts.likeGroups, undefined)).map((g) => g.name)).toEqual(["视频夹"]);
    // A group of the other kind is not found from here, nor filed into.
    expect((await m.request(comics.updateLikeGroup.path, { id: video.id, name: "改名" })).msg).toBe("分组不存在");
    expect((await m.request(accounts.deleteLikeGroup.path, { id: group.id })).msg).toBe("分组不存在");
    expect((await m.request(comics.favorite.path, { id: PAID, group_id: video.id })).msg).toBe("分组不存在");
    // The same name may be used by each kind once.
    expect((await m.request(comics.createLikeGroup.path, { name: "追更" })).msg).toBe("已有同名分组");
    expect((await m.send(comics.createLikeGroup, { name: "视频夹" })).name).toBe("视频夹");

    const renamed = await m.request(comics.updateLikeGroup.path, { id: group.id, name: "在追" });
    expect(renamed.status).toBe(251);
    expect(await m.send(comics.updateLikeGroup, { id: group.id, name: "在追" })).toMatchObject({ name: "在追" });

    expect(await m.send(comics.favorite, { id: PAID, group_id: group.id })).toEqual({ is_favorite: 1, group_id: group.id });
    expect((await m.send(comics.listEpisode, { id: PAID })).comic).toMatchObject({ is_favorite: 1, group_id: group.id });
    expect((await m.send(comics.listFavorite, { group_id: group.id })).list.map((c) => c.id)).toEqual([PAID]);
    expect(await m.send(comics.favorite, { id: FREE })).toEqual({ is_favorite: 1, group_id: null });
    expect((await m.send(comics.listFavorite, {})).list.map((c) => c.id)).toEqual([FREE, PAID]);
    expect((await m.send(comics.likeGroups, undefined)).find((g) => g.id === group.id)!.video_count).toBe(1);

    const removed = await m.request(comics.deleteLikeGroup.path, { id: group.id });
    expect(removed.status).toBe(251);
    expect((await m.send(comics.listFavorite, {})).total).toBe(2);
    expect(await m.send(comics.favorite, { id: FREE })).toEqual({ is_favorite: 0, group_id: null });
  });

  it("likes, comments on, reports and follows a comic", async () => {
    const m = await member();
    expect(await m.send(comics.like, { id: FREE })).toMatchObject({ is_like: 1 });
    expect((await m.send(comics.listEpisode, { id: FREE })).comic.is_like).toBe(1);
    expect((await m.request(comics.like.path, { id: FREE })).msg).toBe("已取消点赞");
    expect((await m.request(comics.like.path, { id: FREE })).msg).toBe("点赞成功");
    expect((await m.request(comics.comment.path, { id: "x", content: "x" })).msg).toBe("漫画 id无效");
    const posted = await m.send(comics.comment, { id: FREE, content: "画风很好", request_id: "c-1" });
    expect(posted.content).toBe("画风很好");
    const reply = await m.send(comics.comment, { id: FREE, content: "同感", reply_to: posted.id });
    expect((await m.send(comics.comments, { id: FREE })).list.map((c) => c.id)).toEqual([posted.id]);
    expect((await m.send(comics.replies, { comment_id: posted.id })).list.map((c) => c.id)).toEqual([reply.id]);
    expect(await m.send(comics.likeComment, { comment_id: posted.id })).toMatchObject({ is_like: 1, like_count: 1 });
    expect((await m.request(comics.comment.path, { id: FREE, content: " " })).msg).toBe("请输入评论内容");
    expect((await m.request(comics.report.path, { id: FREE, type_id: 1 })).msg).toBe("举报已提交");
    expect((await m.request(comics.report.path, { id: FREE, type_id: 1 })).msg).toBe("举报已更新");
    expect(await m.send(resources.followSeries, { id: FREE })).toEqual({ is_follow: 1 });
    expect((await m.send(comics.listEpisode, { id: FREE })).comic.is_follow).toBe(1);
    expect((await m.send(resources.listFollowSeries, {})).list.map((s) => s.latest.id)).toEqual([FREE]);
    expect((await m.send(comics.detail, { id: FREE })).is_follow).toBe(1);
  });
});
