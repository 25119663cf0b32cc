import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, circle, comics, creators, dating, home, novels, orders, search, services, video } from "#gateway/api/index.ts";
import type { ReportedItem } from "#server/community/report-review.ts";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { FIRST_COMIC_ID } from "#server/resources/comics/seed.ts";
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { runAdmin, sqlOn } from "../support/admin.ts";
import { testClient, twoGatewayProcesses } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Everything members write can be reported (issue 34, decision 069): `/api/system/report` with a kind and an id;
// the REPORTS_TO_HIDE-th member's report hides it from others until an operator reviews it with the real admin CLI.

// Two gateway processes on one database: members report through either.
const processes = twoGatewayProcesses();
const member = memberMaker(() => processes.gw, 13400000000);
type Member = Awaited<ReturnType<typeof member>>;
const admin = (...args: string[]) => runAdmin(processes.gw, "reports", ...args);
const listed = async () => JSON.parse((await admin("list", "--all", "--json")).stdout) as ReportedItem[];
const newMembers = (n: number) => Promise.all(Array.from({ length: n }, () => member()));
const reportBy = async (reporters: Member[], kind: services.ReportTarget, id: number) => {
  for (const [i, r] of reporters.entries()) expect((await r.request(services.report.path, { kind, id, type_id: 1 + (i % 2) })).msg).toBe("举报已提交");
};
const uidOf = async (m: Member) => (await m.send(accounts.userInfo, undefined)).uid;
/** One statement on the shared database (what the tests arrange that no call does: who made a seeded item). */
const sql = async (text: string, ...args: unknown[]) => {
  const db = processes.gw.openDb();
  try {
    await db.run(text, args);
  } finally {
    await db.close();
  }
};
/** The same member on the second process. */
const onSecond = (m: Member) => testClient(processes.second.url, { token: m.state.token, oauthId: m.state.oauthId });

describe("reporting what members write", { timeout: 120_000 }, () => {
  it("counts reports sent through both processes at once: each member once, the comment hidden for others on both", async () => {
    const author = await member();
    const comment = await author.send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "两个进程上被举报的评论" });
    const reporters = await newMembers(circle.REPORTS_TO_HIDE * 2);
    // Each reporter's report goes through both processes at the same moment (a double tap on a failover).
    const answers = await Promise.all(
      reporters.flatMap((r) => [r, testClient(processes.second.url, { token: r.state.token, oauthId: r.state.oauthId })].map((c) => c.request(services.report.path, { kind: "comment", id: comment.id, type_id: 1 }))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect((await listed()).find((r) => r.ref === `comment:${comment.id}`)).toMatchObject({ hidden: true, reporters: reporters.length });
    const other = await member();
    for (const url of [processes.gw.url, processes.second.url]) {
      const seen = (await testClient(url, { token: other.state.token, oauthId: other.state.oauthId }).send(video.comments, { id: DEMO_FREE_VIDEO_ID, limit: 50 })).list.find((c) => c.id === comment.id);
      expect(seen).toMatchObject({ content: "该评论已被隐藏", hidden: 1 });
    }
  });

  it("hides a comment at the 3rd member's report, keeps its replies and its author's view, and the operator restores it", async () => {
    const author = await member();
    const comment = await author.send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "一条会被举报的评论" });
    const replier = await member();
    const reply = await replier.send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "一条回复", reply_to: comment.id });
    const reporters = await newMembers(circle.REPORTS_TO_HIDE);
    const other = await member();
    const seenBy = async (m: Member) => (await m.send(video.comments, { id: DEMO_FREE_VIDEO_ID, limit: 50 })).list.find((c) => c.id === comment.id);

    await reportBy(reporters.slice(0, -1), "comment", comment.id);
    expect(await seenBy(other)).toMatchObject({ content: "一条会被举报的评论", hidden: 0 });
    await reportBy(reporters.slice(-1), "comment", comment.id);
    // Still in its place for others, its words replaced; its replies stay.
    expect(await seenBy(other)).toMatchObject({ content: "该评论已被隐藏", hidden: 1, reply_count: 1 });
    expect(await seenBy(testClient(processes.gw.url))).toMatchObject({ content: "该评论已被隐藏" });
    expect((await other.send(video.replies, { comment_id: comment.id })).list.map((r) => [r.id, r.content])).toEqual([[reply.id, "一条回复"]]);
    expect(await seenBy(author)).toMatchObject({ content: "一条会被举报的评论", hidden: 1 });

    const hidden = (await listed()).find((r) => r.ref === `comment:${comment.id}`);
    expect(hidden).toMatchObject({ kind: "comment", id: comment.id, author_id: await uidOf(author), text: "一条会被举报的评论", hidden: true, reporters: circle.REPORTS_TO_HIDE });
    expect((await admin("list")).stdout).toContain(`comment:${comment.id}`);
    expect(await admin("restore", `comment:${comment.id}`)).toMatchObject({
      code: 0,
      stdout: `restored comment ${comment.id}: shown again; ${circle.REPORTS_TO_HIDE} open report(s) marked reviewed\n`,
    });
    expect(await seenBy(other)).toMatchObject({ content: "一条会被举报的评论", hidden: 0 });

    // Removed, it reads as removed to everyone, its author too.
    await reportBy(await newMembers(circle.REPORTS_TO_HIDE), "comment", comment.id);
    expect((await admin("remove", `comment:${comment.id}`)).code).toBe(0);
    for (const m of [author, other]) expect(await seenBy(m)).toMatchObject({ content: "该评论因违规已被移除", hidden: 2 });
    expect((await other.request(services.report.path, { kind: "comment", id: comment.id, type_id: 1 })).msg).toBe("该评论因违规已被移除");
  });

  it("counts a member who reports twice once", async () => {
    const author = await member();
    const headline = (await testClient(processes.gw.url).send(circle.headlines, { limit: 1 })).list[0]!.id;
    const comment = await author.send(creators.commentHeadline, { id: headline, content: "头条下的评论" });
    const [twice, once] = await newMembers(2);
    expect((await twice!.request(services.report.path, { kind: "comment", id: comment.id, type_id: 1 })).msg).toBe("举报已提交");
    expect((await twice!.request(services.report.path, { kind: "comment", id: comment.id, type_id: 2, content: "再说一次" })).msg).toBe("举报已更新");
    expect((await once!.request(services.report.path, { kind: "comment", id: comment.id, type_id: 1 })).msg).toBe("举报已提交");
    expect((await listed()).find((r) => r.ref === `comment:${comment.id}`)).toMatchObject({ hidden: false, reporters: 2, texts: ["再说一次"] });
    const page = await (await member()).send(creators.headlineComments, { id: headline, limit: 50 });
    expect(page.list.find((c) => c.id === comment.id)?.content).toBe("头条下的评论");
  });

  it("refuses a bad kind, an unknown id, one's own words and a visitor with a clear message", async () => {
    const m = await member();
    const own = await m.send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "自己的评论" });
    const said = async (fields: Record<string, unknown>, client: Member = m) => {
      const a = await client.request(services.report.path, { type_id: 1, ...fields });
      return [a.status, a.msg];
    };
    expect(await said({ kind: "planet", id: 1 })).toEqual([400, expect.stringMatching(/^举报对象无效/)]);
    expect(await said({ id: 1 })).toEqual([400, expect.stringMatching(/^举报对象无效/)]);
    expect(await said({ kind: "comment", id: "x" })).toEqual([400, "举报对象 id无效"]);
    expect(await said({ kind: "comment", id: 99_999_999 })).toEqual([404, "评论不存在或已删除"]);
    expect(await said({ kind: "novel", id: DEMO_FREE_VIDEO_ID })).toEqual([404, "小说不存在或已下架"]);
    expect(await said({ kind: "member", id: 99_999_999 })).toEqual([404, "用户不存在"]);
    expect(await said({ kind: "comment", id: own.id, type_id: 99_999 })).toEqual([400, "举报类型无效"]);
    expect(await said({ kind: "comment", id: own.id })).toEqual([400, "不能举报自己的评论"]);
    expect(await said({ kind: "member", id: await uidOf(m) })).toEqual([400, "不能举报自己"]);
    expect(await said({ kind: "comment", id: own.id }, testClient(processes.gw.url) as Member)).toEqual([420, expect.any(String)]);
  });

  it("hides a profile, a dating review and a novel the same way", async () => {
    // A profile: others see placeholders on the creator page and beside the member's comments.
    const author = await member();
    await author.send(accounts.updateInfo, { nickname: "被举报的昵称", intro: "被举报的简介" });
    const uid = await uidOf(author);
    const comment = await author.send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "资料被举报者的评论" });
    await reportBy(await newMembers(circle.REPORTS_TO_HIDE), "member", uid);
    const other = await member();
    expect(await other.send(creators.creatorPage, { uid })).toMatchObject({ nickname: `用户${uid}`, intro: "该用户资料已被隐藏" });
    expect((await other.send(video.comments, { id: DEMO_FREE_VIDEO_ID, limit: 50 })).list.find((c) => c.id === comment.id)?.user.nickname).toBe(`用户${uid}`);
    expect(await author.send(creators.creatorPage, { uid })).toMatchObject({ nickname: "被举报的昵称", intro: "被举报的简介" });
    expect((await admin("remove", `member:${uid}`)).stdout).toContain("nickname, avatar and introduction are cleared");
    expect(await author.send(accounts.userInfo, undefined)).toMatchObject({ intro: "" });
    expect((await other.send(creators.creatorPage, { uid })).intro).toBe("");

    // A dating review, written after unlocking a listing.
    const buyer = await member(1000);
    const { id: listing } = (await testClient(processes.gw.url).send(dating.listFilter, { limit: 1 })).list[0]!;
    expect((await buyer.send(dating.buy, { id: listing })).ok).toBe(true);
    const review = (await buyer.send(dating.createComment, { id: listing, rating: 5, content: "被举报的一条评价内容" }))!;
    await reportBy(await newMembers(circle.REPORTS_TO_HIDE), "review", review.id);
    const reviewFor = async (m: Member) => (await m.send(dating.listComment, { id: listing, limit: 50 })).list.find((r) => r.id === review.id);
    expect(await reviewFor(other)).toMatchObject({ content: "该评价已被隐藏", images: [], hidden: 1 });
    expect(await reviewFor(buyer)).toMatchObject({ content: "被举报的一条评价内容" });
    expect((await admin("restore", `review:${review.id}`)).code).toBe(0);
    expect(await reviewFor(other)).toMatchObject({ content: "被举报的一条评价内容", hidden: 0 });

    // A novel: out of the lists and its detail for others until reviewed.
    const novel = FIRST_NOVEL_ID + 3;
    const inList = async () => (await other.send(novels.list, { sort: "new", limit: 50 })).list.some((n) => n.id === novel);
    expect(await inList()).toBe(true);
    await reportBy(await newMembers(circle.REPORTS_TO_HIDE), "novel", novel);
    expect(await inList()).toBe(false);
    expect((await other.request(novels.detail.path, { id: novel })).status).toBe(404);
    expect((await listed()).find((r) => r.ref === String(novel))).toMatchObject({ kind: "novel", hidden: true });
    expect((await admin("restore", String(novel))).stdout).toBe(`restored novel ${novel}: shown in the feeds again; ${circle.REPORTS_TO_HIDE} open report(s) marked reviewed\n`);
    expect(await inList()).toBe(true);
  });

  it("hides a video at the 3rd member's report from every list, search, ranking and detail but its creator's; the operator restores and removes it", async () => {
    const creator = await member();
    const creatorUid = await uidOf(creator);
    // The most played video but the demo's free one: the top of the 最热 ranking and of a search for its title.
    const top = (await creator.send(home.list, { section: "porn", sort: "hot", limit: 5 })).list.find((v) => v.id !== DEMO_FREE_VIDEO_ID)!;
    await sql("UPDATE items SET creator_id = ? WHERE id = ?", creatorUid, top.id);
    const other = await member();
    const seen = async (m: Member | ReturnType<typeof onSecond>) => ({
      ranking: (await m.send(home.list, { section: "porn", sort: "hot", limit: 5 })).list.some((v) => v.id === top.id),
      search: (await m.send(search.search, { kw: top.title.slice(0, 50), limit: 20 })).list.some((v) => v.id === top.id),
      creator: (await m.send(creators.creatorVideos, { uid: creatorUid })).list.map((v) => v.id),
      videos: (await m.send(creators.creatorPage, { uid: creatorUid })).video_count,
    });
    const everywhere = { ranking: true, search: true, creator: [top.id], videos: 1 };
    expect(await seen(other)).toEqual(everywhere);

    // Two through the product's own call, the 3rd through the generic one: all count.
    const reporters = await newMembers(circle.REPORTS_TO_HIDE);
    for (const r of reporters.slice(0, -1)) expect((await r.request(video.report.path, { id: top.id, type_id: 1 })).msg).toBe("举报已提交");
    expect(await seen(other)).toEqual(everywhere);
    await reportBy(reporters.slice(-1), "video", top.id);
    const nowhere = { ranking: false, search: false, creator: [], videos: 0 };
    expect(await seen(other)).toEqual(nowhere);
    expect(await seen(onSecond(other))).toEqual(nowhere);
    expect(await other.request(video.detail.path, { id: top.id })).toMatchObject({ status: 404, msg: "该视频被多人举报，审核前暂不显示" });
    expect((await testClient(processes.gw.url).request(video.detail.path, { id: top.id })).status).toBe(404);
    // Its creator still sees it, everywhere.
    expect(await seen(creator)).toEqual(everywhere);
    expect((await creator.send(video.detail, { id: top.id })).title).toBe(top.title);
    expect(await creator.request(video.report.path, { id: top.id, type_id: 1 })).toMatchObject({ status: 400, msg: "不能举报自己的视频" });

    expect((await listed()).find((r) => r.ref === String(top.id))).toMatchObject({ kind: "video", author_id: creatorUid, hidden: true, reporters: circle.REPORTS_TO_HIDE });
    expect((await admin("restore", String(top.id))).stdout).toBe(`restored video ${top.id}: shown in the feeds again; ${circle.REPORTS_TO_HIDE} open report(s) marked reviewed\n`);
    expect(await seen(other)).toEqual(everywhere);

    // Removed: gone for everyone, its creator too, and no longer reported.
    await reportBy(await newMembers(circle.REPORTS_TO_HIDE), "video", top.id);
    expect((await admin("remove", String(top.id))).code).toBe(0);
    expect(await seen(creator)).toEqual(nowhere);
    expect(await creator.request(video.detail.path, { id: top.id })).toMatchObject({ status: 404, msg: "该视频因违规已被移除" });
    expect(await other.request(video.report.path, { id: top.id, type_id: 1 })).toMatchObject({ status: 404, msg: "该视频因违规已被移除" });
  });

  it("plays a free video and a post's clip hidden by reports to their creator only: public addresses and the preview stop answering", async () => {
    const creator = await member();
    const creatorUid = await uidOf(creator);
    const other = await member();
    const free = (await other.send(home.list, { section: "porn", sort: "new", limit: 50 })).list.find((v) => v.id !== DEMO_FREE_VIDEO_ID && !v.coins && !v.vip_free)!;
    await sql("UPDATE items SET creator_id = ? WHERE id = ?", creatorUid, free.id);
    const post = (await other.send(circle.list, { sort: "new", limit: 50 })).list.find((p) => p.video && !p.video.url.includes("/uploads/"))!;
    await sql("UPDATE items SET creator_id = ? WHERE id = ?", creatorUid, post.id);
    const status = async (url: string) => (await fetch(url, { method: "HEAD" })).status;
    const shown = await other.send(video.detail, { id: free.id });
    const [publicPlay, publicPreview, publicClip] = [shown.play_url, shown.preview_url, post.video!.url];
    expect([publicPlay, publicClip].map((u) => u.includes("?"))).toEqual([false, false]);
    expect(await Promise.all([publicPlay, publicPreview, publicClip].map(status))).toEqual([200, 200, 200]);

    await reportBy(await newMembers(circle.REPORTS_TO_HIDE), "video", free.id);
    // Posts are reported through the headlines' call (/api/wei/report).
    for (const r of await newMembers(circle.REPORTS_TO_HIDE)) await r.send(home.reportHeadline, { id: post.id, type_id: 1 });
    // Whoever kept or guessed the addresses gets nothing, on either process.
    expect(await Promise.all([publicPlay, publicPreview, publicClip].map(status))).toEqual([403, 404, 403]);
    expect(await Promise.all([publicPlay, publicClip].map((u) => status(u.replace(processes.gw.url, processes.second.url))))).toEqual([403, 403]);
    // Its creator is given signed ones, which play.
    const own = await creator.send(video.detail, { id: free.id });
    expect(own.play_url).toMatch(new RegExp(`/media/video/${free.id}/0/\\w+\\.\\w+\\?u=${creatorUid}&e=\\d+&s=`));
    expect(own.preview_url).toBe("");
    const ownClip = (await creator.send(circle.detail, { id: post.id })).video!.url;
    expect(ownClip).toMatch(new RegExp(`\\?u=${creatorUid}&`));
    expect(await Promise.all([own.play_url, ownClip].map(status))).toEqual([200, 200]);
    // Restored: public again.
    expect((await admin("restore", String(free.id))).code).toBe(0);
    expect((await other.send(video.detail, { id: free.id })).play_url).toBe(publicPlay);
    expect(await Promise.all([publicPlay, publicPreview].map(status))).toEqual([200, 200]);
  });

  it("hides a comic the same way, through its own report call and the generic one", async () => {
    const comic = FIRST_COMIC_ID + 5;
    const creator = await member();
    await sql("UPDATE items SET creator_id = ? WHERE id = ?", await uidOf(creator), comic);
    const other = await member();
    const listedTo = async (m: Member) => (await m.send(comics.list, { sort: "hot", limit: 50 })).list.some((c) => c.id === comic);
    expect(await listedTo(other)).toBe(true);
    const reporters = await newMembers(circle.REPORTS_TO_HIDE);
    for (const r of reporters.slice(0, -1)) expect((await r.request(comics.report.path, { id: comic, type_id: 1 })).msg).toBe("举报已提交");
    expect(await listedTo(other)).toBe(true);
    await reportBy(reporters.slice(-1), "comic", comic);
    expect(await listedTo(other)).toBe(false);
    expect(await other.request(comics.detail.path, { id: comic })).toMatchObject({ status: 404, msg: "漫画不存在或已下架" });
    expect((await creator.send(comics.detail, { id: comic })).id).toBe(comic);
    expect((await admin("list")).stdout).toContain("comic");
    expect((await admin("restore", String(comic))).code).toBe(0);
    expect(await listedTo(other)).toBe(true);
  });

  it("masks a hidden profile wherever the member is listed: creator rankings, video cards, headlines, posts, compilations, fan clubs, invitees", async () => {
    const inviter = await member();
    const m = await member(100);
    const uid = await uidOf(m);
    await m.send(accounts.updateInfo, { nickname: "榜上的昵称" });
    expect((await m.request(accounts.invitation.path, { aff_code: (await inviter.send(accounts.userInfo, undefined)).aff_code }, { expect: 251 })).ok).toBe(true);
    // The member made a creator at the top of the ranking, with a video, a headline, a post and a compilation.
    await sql("UPDATE users SET is_creator = 1, fans_count = 999999, avatar_url = '/uploads/avatar-of-the-ranked.png' WHERE id = ?", uid);
    const item = async (kind: string) => {
      const id = Number((await sqlOn<{ id: number }>(processes.gw, `SELECT id FROM items WHERE kind = ? AND hidden = 0 AND id <> ? ORDER BY id DESC LIMIT 1`, kind, DEMO_FREE_VIDEO_ID))[0]!.id);
      await sql("UPDATE items SET creator_id = ? WHERE id = ?", uid, id);
      return id;
    };
    const [clip, headline, post] = [await item("video"), await item("headline"), await item("post")];
    const series = Number((await sqlOn<{ id: number }>(processes.gw, "SELECT id FROM series WHERE kind = 'video' ORDER BY id LIMIT 1"))[0]!.id);
    await sql("UPDATE series SET creator_id = ? WHERE id = ?", uid, series);
    const club = Number((await sqlOn<{ creator_id: number }>(processes.gw, "SELECT creator_id FROM clubs WHERE fee_coins = 0 ORDER BY creator_id LIMIT 1"))[0]!.creator_id);
    await m.send(home.joinClub, { uid: club });

    const names = async (viewer: Member | ReturnType<typeof onSecond>) => ({
      rank: (await viewer.send(home.creatorRank, { limit: 1 })).list.map((c) => [c.uid, c.nickname]),
      video: (await viewer.send(video.detail, { id: clip })).creator.nickname,
      avatar: (await viewer.send(video.detail, { id: clip })).creator.avatar_url.endsWith("/uploads/avatar-of-the-ranked.png"),
      card: (await viewer.send(creators.creatorVideos, { uid })).list.find((v) => v.id === clip)?.creator.nickname,
      headline: (await viewer.send(creators.headlines, { uid })).list.find((h) => h.id === headline)?.creator.nickname,
      post: (await viewer.send(circle.detail, { id: post })).creator.nickname,
      compilation: (await viewer.send(creators.compilations, { uid })).find((c) => c.id === series)?.creator.nickname,
      club: (await viewer.send(home.clubNewest, { uid: club })).list.find((f) => f.uid === uid)?.nickname,
    });
    const shown = (nickname: string) => ({ rank: [[uid, nickname]], video: nickname, avatar: nickname === "榜上的昵称", card: nickname, headline: nickname, post: nickname, compilation: nickname, club: nickname });
    const other = await member();
    expect(await names(other)).toEqual(shown("榜上的昵称"));
    const invitee = async () => (await inviter.send(orders.proxyIndex, undefined)).invited.find((i) => i.uid === uid);
    expect((await invitee())?.nickname).toBe("榜上的昵称");

    await reportBy(await newMembers(circle.REPORTS_TO_HIDE), "member", uid);
    expect(await names(other)).toEqual(shown(`用户${uid}`));
    expect(await names(onSecond(other))).toEqual(shown(`用户${uid}`));
    expect(await names(testClient(processes.gw.url))).toEqual(shown(`用户${uid}`));
    expect((await invitee())?.nickname).toBe(`用户${uid}`);
    // Its owner still sees their own.
    expect(await names(m)).toEqual(shown("榜上的昵称"));

    expect((await admin("restore", `member:${uid}`)).code).toBe(0);
    expect(await names(other)).toEqual(shown("榜上的昵称"));
  });
});
