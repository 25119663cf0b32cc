import { describe, expect, it } from "vitest";
import { circle, services, video } from "#gateway/api/index.ts";
import { DANMU_PER_MINUTE } from "#server/community/danmu.ts";
import { DEMO_FREE_VIDEO_ID, SEEDED_DANMU } from "#server/content/seed.ts";
import { runAdmin } from "../support/admin.ts";
import { testClient, twoGatewayProcesses } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Bullet comments (弹幕, decision 082) on both databases, through two gateway processes on one database.
const processes = twoGatewayProcesses();
const member = memberMaker(() => processes.gw, 13733300000);
type Member = Awaited<ReturnType<typeof member>>;
const onSecond = (m: Member) => testClient(processes.second.url, { token: m.state.token, oauthId: m.state.oauthId });
const newMembers = (n: number) => Promise.all(Array.from({ length: n }, () => member()));

/** A free, shown video of its own for each test, so bullets of one test never meet another's. */
let nextVideo = 10;
const aVideo = () => nextVideo++;

const count = async (where: string, ...args: unknown[]) => {
  const db = processes.gw.openDb();
  try {
    return Number(await db.value(`SELECT COUNT(*) FROM danmu WHERE ${where}`, args));
  } finally {
    await db.close();
  }
};

describe("bullet comments (decision 082)", { timeout: 120_000 }, () => {
  it("lists a bullet sent on one process to another member on the other, at its time, and not outside the window", async () => {
    const id = aVideo();
    const [author, other] = await newMembers(2);
    const sent = await author!.send(video.danmuSend, { id, time: 12.5, content: "  这一段好看  ", color: "#00A2FF" });
    expect(sent).toMatchObject({ id: expect.any(Number), time: 12.5, content: "这一段好看", color: "#00a2ff", own: 1 });
    const seen = await onSecond(other!).send(video.danmuList, { id, from: 10, to: 20 });
    expect(seen).toEqual([{ ...sent, own: 0 }]);
    expect(await author!.send(video.danmuList, { id, from: 12.5, to: 13 })).toEqual([sent]);
    // Windows are [from, to): not before, not after, not at its end.
    for (const [from, to] of [[0, 12], [13, 60], [0, 12.5]] as const) expect(await other!.send(video.danmuList, { id, from, to })).toEqual([]);
    // A guest reads them too; ordered by time, with the default colour.
    await other!.send(video.danmuSend, { id, time: 11, content: "前排" });
    const guest = (await testClient(processes.second.url).send(video.danmuList, { id, from: 0, to: 60 }))!;
    expect(guest.map((d) => [d.time, d.content, d.color, d.own])).toEqual([
      [11, "前排", "#ffffff", 0],
      [12.5, "这一段好看", "#00a2ff", 0],
    ]);
  });

  it("shows the seeded bullets on the demo's free video", async () => {
    const listed = (await testClient(processes.gw.url).send(video.danmuList, { id: DEMO_FREE_VIDEO_ID, from: 0, to: 10 }))!;
    expect(listed.map((d) => [d.time, d.content])).toEqual(SEEDED_DANMU.map(([time, content]) => [time, content]));
  });

  it("refuses bad input with a clear Chinese message and writes nothing", async () => {
    const id = aVideo();
    const m = await member();
    const refused = async (fields: Record<string, unknown>, status = 400) => {
      const r = await m.request(video.danmuSend.path, { id, time: 1, content: "好看", ...fields });
      expect(r.ok, JSON.stringify(fields)).toBe(false);
      expect(r.status).toBe(status);
      return r.msg;
    };
    expect(await refused({ content: "好".repeat(51) })).toBe("弹幕最多 50 个字");
    expect(await refused({ content: "   " })).toBe("请输入弹幕内容");
    expect(await refused({ content: 5 })).toBe("请输入弹幕内容");
    expect(await refused({ color: "#123456" })).toMatch(/^弹幕颜色无效：应为 #ffffff、/);
    expect(await refused({ time: -1 })).toBe("弹幕时间不能为负数");
    expect(await refused({ time: "3" })).toBe("弹幕时间应为秒数");
    expect(await refused({ time: 100_000 })).toBe("弹幕时间不能超过 86400 秒");
    expect(await refused({ time: 1801 })).toMatch(/^弹幕时间超出视频时长（\d+ 秒）$/);
    expect(await refused({ id: 99_999_999 }, 404)).toBe("视频不存在或已下架");
    expect(await count("item_id = ?", id)).toBe(0);
    // Fifty characters, an emoji counting one, go through.
    expect((await m.send(video.danmuSend, { id, time: 1, content: `${"好".repeat(49)}😀` })).content).toHaveLength(51);
    const window = async (fields: Record<string, unknown>) => (await m.request(video.danmuList.path, { id, ...fields })).msg;
    expect(await window({ from: 0, to: 61 })).toBe("时间窗口最长 60 秒");
    expect(await window({ from: 5, to: 5 })).toBe("结束时间应晚于开始时间");
    expect(await window({ from: -1, to: 5 })).toBe("开始时间不能为负数");
  });

  it("writes a repeated request_id once, on either process; the id with other words is refused", async () => {
    const id = aVideo();
    const m = await member();
    const fields = { id, time: 3, content: "只发一次", request_id: "danmu-once-1" };
    const [a, b, c] = await Promise.all([m.send(video.danmuSend, fields), onSecond(m).send(video.danmuSend, fields), m.send(video.danmuSend, fields)]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await count("item_id = ?", id)).toBe(1);
    expect(await m.request(video.danmuSend.path, { ...fields, content: "另一句" })).toMatchObject({ ok: false, status: 422 });
    expect(await count("item_id = ?", id)).toBe(1);
  });

  it("hides a bullet from others at the 3rd member's report; its author still sees it", async () => {
    const id = aVideo();
    const [author, other] = await newMembers(2);
    const sent = await author!.send(video.danmuSend, { id, time: 4, content: "会被举报的弹幕" });
    expect((await author!.request(services.report.path, { kind: "danmu", id: sent.id, type_id: 1 })).msg).toBe("不能举报自己的弹幕");
    const reporters = await newMembers(circle.REPORTS_TO_HIDE);
    for (const r of reporters.slice(0, -1)) expect((await r.request(services.report.path, { kind: "danmu", id: sent.id, type_id: 1 })).msg).toBe("举报已提交");
    expect(await other!.send(video.danmuList, { id, from: 0, to: 60 })).toHaveLength(1);
    expect((await onSecond(reporters.at(-1)!).request(services.report.path, { kind: "danmu", id: sent.id, type_id: 2 })).msg).toBe("举报已提交");
    for (const viewer of [other!, onSecond(other!), testClient(processes.gw.url)]) expect(await viewer.send(video.danmuList, { id, from: 0, to: 60 })).toEqual([]);
    expect(await onSecond(author!).send(video.danmuList, { id, from: 0, to: 60 })).toEqual([sent]);
    // The operator sees it by its reference and may show it again.
    const admin = await runAdmin(processes.gw, "reports", "restore", `danmu:${sent.id}`);
    expect(admin.code).toBe(0);
    expect(await other!.send(video.danmuList, { id, from: 0, to: 60 })).toEqual([{ ...sent, own: 0 }]);
  });

  it("leaves out the bullets of a video hidden by reports for everyone but its creator", async () => {
    const id = aVideo();
    const [sender, other] = await newMembers(2);
    await sender!.send(video.danmuSend, { id, time: 2, content: "视频里的弹幕" });
    for (const r of await newMembers(circle.REPORTS_TO_HIDE)) await r.send(services.report, { kind: "video", id, type_id: 1 });
    expect(await other!.request(video.danmuList.path, { id, from: 0, to: 60 })).toMatchObject({ ok: false, status: 404, msg: "该视频被多人举报，审核前暂不显示" });
    expect(await sender!.request(video.danmuSend.path, { id, time: 3, content: "再来一条" })).toMatchObject({ ok: false, status: 404 });
    expect(await count("item_id = ?", id)).toBe(1);
  });

  it("refuses a guest's bullet, and more than the minute's allowance", async () => {
    const id = aVideo();
    expect(await testClient(processes.gw.url).request(video.danmuSend.path, { id, time: 1, content: "游客" })).toMatchObject({ ok: false, status: 420 });
    const m = await member();
    for (let i = 0; i < DANMU_PER_MINUTE; i++) await m.send(video.danmuSend, { id, time: i, content: `第${i}条` });
    expect(await m.request(video.danmuSend.path, { id, time: 30, content: "太多了" })).toMatchObject({ ok: false, status: 429, msg: "弹幕发送太频繁，请稍后再试" });
    expect(await count("item_id = ?", id)).toBe(DANMU_PER_MINUTE);
  });
});
