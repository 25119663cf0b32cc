import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, circle, creators, dating, home, video } from "#gateway/api/index.ts";
import { reviewReported, type ReportedItem } from "#server/community/report-review.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";
import { runAdmin } from "../support/admin.ts";

// Issue 20: posts and headlines hidden by members' reports, reviewed by an operator with the real admin CLI
// (`npm run admin -- reports …`, decision 050): restored ones show again until REPORTS_TO_HIDE new members report
// them, removed ones are refused to everyone.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const member = memberMaker(() => gw, 13500000000);
const guest = () => testClient(gw.url);

const admin = (...args: string[]) => runAdmin(gw, "reports", ...args);
const listed = async (...flags: string[]) => JSON.parse((await admin("list", "--json", ...flags)).stdout) as ReportedItem[];

const feed = async () => (await guest().send(circle.list, { sort: "new", limit: 50 })).list.map((p) => p.id);
const shown = async (id: number) => (await feed()).includes(id);

/** Each member reports `id` through `/api/wei/report`. */
const reportBy = async (id: number, reporters: Awaited<ReturnType<typeof member>>[], words = "") => {
  for (const [i, r] of reporters.entries()) await r.send(home.reportHeadline, { id, type_id: 1 + (i % 2), content: words });
};
const newMembers = async (n: number) => Promise.all(Array.from({ length: n }, () => member()));

// Each CLI run is a process of its own (about 3-4 s on a busy machine): the tests get twice the usual time.
describe("reviewing posts and headlines hidden by reports", { timeout: 120_000 }, () => {
  it("lists a hidden post; restored, it shows again and only REPORTS_TO_HIDE new reporters hide it again", async () => {
    const author = await member();
    const { post_id: id } = await author.send(video.requestFind, { content: "一条被误举报的周末骑行分享" });
    const first = await newMembers(circle.REPORTS_TO_HIDE);
    await reportBy(id, first, "内容不适");
    expect(await shown(id)).toBe(false);
    // One report on another post: listed only with --all.
    const { post_id: once } = await author.send(video.requestFind, { content: "只被一个人举报的帖子内容" });
    await reportBy(once, [first[0]!]);

    const table = (await admin("list")).stdout;
    expect(table).toMatch(/^ID\s+KIND\s+AUTHOR\s+TEXT\s+REPORTERS\s+TYPES\s+WORDS\s+HIDDEN \(UTC\)\n/);
    expect(table).toContain("一条被误举报的周末骑行分享");
    expect(table).not.toContain("只被一个人举报的帖子内容");
    const withOpen = await listed("--all");
    const hidden = withOpen.find((r) => r.id === id);
    expect(hidden).toMatchObject({ kind: "post", author_id: expect.any(Number), text: "一条被误举报的周末骑行分享", hidden: true, reporters: circle.REPORTS_TO_HIDE });
    expect(hidden!.hidden_at).toBeGreaterThan(0);
    expect(hidden!.texts).toEqual(Array(circle.REPORTS_TO_HIDE).fill("内容不适"));
    expect(hidden!.types.reduce((n, t) => n + t.count, 0)).toBe(circle.REPORTS_TO_HIDE);
    expect(withOpen.find((r) => r.id === once)).toMatchObject({ hidden: false, reporters: 1 });

    const restored = await admin("restore", String(id));
    expect(restored).toMatchObject({ code: 0, stdout: `restored post ${id}: shown in the feeds again; ${circle.REPORTS_TO_HIDE} open report(s) marked reviewed\n` });
    expect(await shown(id)).toBe(true);
    expect((await guest().send(circle.detail, { id })).id).toBe(id);

    // An earlier reporter reporting again (other words) does not count again.
    await first[0]!.send(home.reportHeadline, { id, type_id: 3, content: "还是觉得不妥" });
    const fresh = await newMembers(circle.REPORTS_TO_HIDE);
    await reportBy(id, fresh.slice(0, -1));
    expect(await shown(id)).toBe(true);
    await reportBy(id, fresh.slice(-1));
    expect(await shown(id)).toBe(false);
    expect((await listed()).find((r) => r.id === id)?.reporters).toBe(circle.REPORTS_TO_HIDE);
  });

  it("removes a request with a reward: out of every feed, its detail refused to everyone, its coins where they were", async () => {
    const author = await member(100);
    const { post_id: id } = await author.send(video.requestFind, { content: "求一部关于山间云海的短片", is_request: 1, coins: 30, request_id: "review-1" });
    await reportBy(id, await newMembers(circle.REPORTS_TO_HIDE));
    expect((await author.send(circle.myFindList, {})).list.map((p) => p.id)).toEqual([id]);

    const removed = await admin("remove", String(id));
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`removed post ${id}: out of every feed`);
    expect(removed.stdout).toContain("its reward of 30 coins stays on the request, nothing moves");
    expect(await shown(id)).toBe(false);
    expect((await guest().send(circle.wantLook, { limit: 50 })).list.map((p) => p.id)).not.toContain(id);
    expect((await author.send(circle.myFindList, {})).list).toEqual([]);
    expect((await guest().request(circle.detail.path, { id })).msg).toBe("该帖子因违规已被移除");
    expect((await author.request(circle.detail.path, { id })).msg).toBe("该帖子因违规已被移除");
    expect((await author.request(circle.appendCoins.path, { id, coins: 5 })).msg).toBe("该帖子因违规已被移除");
    expect((await author.request(home.reportHeadline.path, { id, type_id: 1 })).msg).toBe("该帖子因违规已被移除");
    expect((await author.send(accounts.userInfo, undefined)).coins).toBe(70);
    const db = gw.openDb();
    try {
      expect(Number(await db.value("SELECT coins FROM items WHERE id = ?", [id]))).toBe(30);
      expect(Number(await db.value("SELECT SUM(coins) FROM find_rewards WHERE item_id = ?", [id]))).toBe(30);
    } finally {
      await db.close();
    }
  });

  it("hides a headline from others' detail, and removes it", async () => {
    const [headline] = (await guest().send(circle.headlines, {})).list;
    const id = headline!.id;
    await reportBy(id, await newMembers(circle.REPORTS_TO_HIDE));
    expect((await guest().send(circle.headlines, { limit: 50 })).list.map((h) => h.id)).not.toContain(id);
    expect((await guest().request(creators.headline.path, { id })).msg).toBe("该头条被多人举报，审核前暂不显示");
    expect((await listed()).find((r) => r.id === id)).toMatchObject({ kind: "headline", hidden: true });
    expect((await admin("remove", String(id))).stdout).toMatch(new RegExp(`^removed headline ${id}: `));
    expect((await guest().request(creators.headline.path, { id })).msg).toBe("该头条因违规已被移除");
    expect((await guest().send(creators.headlines, { uid: headline!.creator.uid, limit: 50 })).list.map((h) => h.id)).not.toContain(id);
  });

  it("refuses an unknown id, another kind and a settled review with one line and exit code 1", async () => {
    const author = await member();
    const { post_id: fine } = await author.send(video.requestFind, { content: "从来没有被举报过的帖子" });
    const { post_id: gone } = await author.send(video.requestFind, { content: "会被移除两次的测试帖子" });
    await reportBy(gone, await newMembers(circle.REPORTS_TO_HIDE));
    const db = gw.openDb();
    try {
      await reviewReported(db, gone, "remove");
    } finally {
      await db.close();
    }
    // A dating listing's reports hide it by a rule of its own (decision 036), not this review.
    const listing = (await guest().send(dating.listFilter, { limit: 1 })).list[0]!.id;
    const cases: [string[], string][] = [
      [["restore", "999999"], "error: no item 999999\n"],
      [["remove", String(listing)], `error: item ${listing} is a dating, not one whose reports hide it\n`],
      [["restore", String(fine)], `error: post ${fine} has no open report: already reviewed, or never reported\n`],
      [["remove", String(gone)], `error: post ${gone} was already reviewed: removed\n`],
    ];
    const answers = await Promise.all(cases.map(([args]) => admin(...args)));
    expect(answers.map((a) => ({ code: a.code, stderr: a.stderr, stdout: a.stdout }))).toEqual(cases.map(([, stderr]) => ({ code: 1, stderr, stdout: "" })));
  });
});
