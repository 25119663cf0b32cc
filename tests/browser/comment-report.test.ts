import { describe, expect, it } from "vitest";
import { accounts, circle, comics, dating, games, home, news, services, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { FIRST_COMIC_ID } from "#server/resources/comics/seed.ts";
import { REPORT_TYPES } from "#server/seed/index.ts";
import { gatewayAndBrowser, memberOnPhone, tapLabel, tapSheetAction, tapText } from "../support/browser.ts";
import { sqlOn } from "../support/admin.ts";
import { memberMaker } from "../support/members.ts";

// A member reports a comment from the UI (decision 069): the 3rd member's report hides it, and another member
// sees 该评论已被隐藏 in its place while its replies stay.

const env = gatewayAndBrowser();
const member = memberMaker(() => env.gw, 13300000000);

describe("reporting a comment", () => {
  it("reports a comment from its 举报 and another member then sees it hidden, its reply still there", async () => {
    const author = await member();
    const comment = await author.send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "页面上被举报的评论" });
    await (await member()).send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "它下面的回复", reply_to: comment.id });
    for (const r of await Promise.all(Array.from({ length: circle.REPORTS_TO_HIDE - 1 }, () => member()))) {
      await r.send(services.report, { kind: "comment", id: comment.id, type_id: 1 });
    }

    const reporter = await memberOnPhone(env.gw, env.browser, "13300009001", 0);
    await reporter.goto(`${env.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
    await reporter.waitForFunction((t) => [...document.querySelectorAll(".comment-content")].some((p) => p.textContent === t), {}, "页面上被举报的评论");
    await tapLabel(reporter, `举报 ${comment.user.nickname} 的评论`);
    await reporter.waitForSelector(".adm-action-sheet-extra", { visible: true });
    await tapText(reporter, REPORT_TYPES[0]!, ".adm-action-sheet-button-item");
    await reporter.waitForFunction(() => document.querySelector(".adm-toast-main")?.textContent === "举报已提交");

    const other = await memberOnPhone(env.gw, env.browser, "13300009002", 0);
    await other.goto(`${env.gw.url}/player?id=${DEMO_FREE_VIDEO_ID}`);
    await other.waitForFunction(() => [...document.querySelectorAll(".comment-content")].some((p) => p.textContent === "该评论已被隐藏"));
    expect(await other.$$eval(".comment-content", (ps) => ps.map((p) => p.textContent))).not.toContain("页面上被举报的评论");
    // The thread keeps its shape: the hidden comment's reply opens under it.
    await tapText(other, "展开 1 条回复", ".comment-more");
    await other.waitForFunction(() => [...document.querySelectorAll(".comment-replies li")].some((li) => li.textContent?.includes("它下面的回复")));
    // Its author still reads their words.
    expect((await author.send(video.comments, { id: DEMO_FREE_VIDEO_ID, limit: 50 })).list.find((c) => c.id === comment.id)?.content).toBe("页面上被举报的评论");
  });

  it("reports a game, an article, a dating review and a member's page from their own 举报", async () => {
    // A dating review is written after unlocking the listing.
    const writer = await member(1000);
    const game = (await writer.send(games.list, { limit: 1 })).list[0]!;
    const article = (await writer.send(news.list, { limit: 1 })).list[0]!;
    const listing = (await writer.send(dating.listFilter, { limit: 1 })).list[0]!;
    expect((await writer.send(dating.buy, { id: listing.id })).ok).toBe(true);
    const review = (await writer.send(dating.createComment, { id: listing.id, rating: 5, content: "一条会被举报的评价" }))!;
    const { uid } = await writer.send(accounts.userInfo, undefined);
    const reporter = await memberOnPhone(env.gw, env.browser, "13300009003", 0);
    const report = async (address: string, label: string) => {
      await reporter.goto(`${env.gw.url}${address}`);
      // The item's own 举报 is a button by its text; a review's, a plain word named for whose it is.
      if (label === "举报") await tapText(reporter, "举报", "button.item-action");
      else await tapLabel(reporter, label);
      await tapSheetAction(reporter, REPORT_TYPES[0]!);
      await reporter.waitForFunction(() => document.querySelector(".adm-toast-main")?.textContent === "举报已提交");
      await reporter.waitForFunction(() => !document.querySelector(".adm-toast-main"));
    };
    await report(`/game/detail?id=${game.id}`, "举报");
    await report(`/scandalous/detail?id=${article.id}`, "举报");
    await report(`/dating/detail?id=${listing.id}`, `举报 ${review.user.nickname} 的评价`);
    await report(`/user?uid=${uid}`, "举报");
    const rows = await sqlOn<{ target: string; item_id: number }>(env.gw, "SELECT target, item_id FROM reports ORDER BY id");
    expect(rows.map((r) => [r.target, Number(r.item_id)])).toEqual(
      expect.arrayContaining([["item", game.id], ["item", article.id], ["review", review.id], ["member", uid]]),
    );
  });

  it("reports a video from the player's 举报 and a comic from its detail's: the 3rd member's report hides each from others", async () => {
    const someone = await member();
    // A free video other than the one the comment test plays, and a comic.
    const clip = (await someone.send(home.list, { section: "porn", sort: "new", limit: 20 })).list.find((v) => v.id !== DEMO_FREE_VIDEO_ID && !v.coins && !v.vip_free)!;
    const comic = FIRST_COMIC_ID + 2;
    for (const r of await Promise.all(Array.from({ length: circle.REPORTS_TO_HIDE - 1 }, () => member()))) {
      await r.send(video.report, { id: clip.id, type_id: 1 });
      await r.send(comics.report, { id: comic, type_id: 1 });
    }
    const reporter = await memberOnPhone(env.gw, env.browser, "13300009004", 0);
    const report = async (address: string) => {
      await reporter.goto(`${env.gw.url}${address}`);
      await tapText(reporter, "举报", "button.item-action");
      await tapSheetAction(reporter, REPORT_TYPES[0]!);
      await reporter.waitForFunction(() => document.querySelector(".adm-toast-main")?.textContent === "举报已提交");
      await reporter.waitForFunction(() => !document.querySelector(".adm-toast-main"));
    };
    await report(`/player?id=${clip.id}`);
    await report(`/cartoon/cartoon-detail?id=${comic}`);
    expect(await someone.request(video.detail.path, { id: clip.id })).toMatchObject({ status: 404, msg: "该视频被多人举报，审核前暂不显示" });
    expect((await someone.request(comics.detail.path, { id: comic })).status).toBe(404);
    expect((await someone.send(comics.list, { sort: "hot", limit: 50 })).list.some((c) => c.id === comic)).toBe(false);
  });
});
