import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATED_STATUS_PATHS, ENDPOINTS } from "#gateway/api/contract.ts";
import { accounts, creators, home, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_EXCHANGE_CODES } from "#server/content/seed.ts";
import { inReservedArea, readProtocolCalls } from "../support/protocol-doc.ts";
import { DEMO, REPO_ROOT, startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// The product's call contract (docs/protocol.md §9): what the app and the CLI may call, and the calls this issue
// moved or added, through the real server.

const { product, extensions, reservedAreas } = readProtocolCalls();

/** Why a path the app or the CLI uses is not in the contract, or "" when it is. */
function outsideContract(path: string): string {
  const lower = path.toLowerCase();
  if (product.some((c) => c.path.toLowerCase() === lower) || inReservedArea(path, reservedAreas)) return "";
  if (extensions.some((c) => c.path.toLowerCase() === lower)) return "";
  return `${path} is neither a product call nor a listed extension (docs/protocol.md §9)`;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return name === "+types" || name === "node_modules" ? [] : sourceFiles(file);
    return /\.(ts|tsx|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the paths the app and the CLI use", () => {
  it("are product calls or listed extensions: every endpoint, and every /api/ path in their sources", () => {
    const used = [
      ...ENDPOINTS.map((e) => ({ path: e.path, where: "gateway/api" })),
      ...["app", "cli"].flatMap((dir) =>
        sourceFiles(join(REPO_ROOT, dir)).flatMap((file) =>
          [...readFileSync(file, "utf8").matchAll(/(?<![\w/])\/api\/[A-Za-z0-9_./-]+/g)].map((m) => ({ path: m[0].replace(/[./]+$/, ""), where: relative(REPO_ROOT, file) })),
        ),
      ),
    ];
    expect(used.length).toBeGreaterThan(80);
    expect(used.map((u) => outsideContract(u.path) && `${u.where}: ${outsideContract(u.path)}`).filter(Boolean)).toEqual([]);
  });

  it("tells a bogus path from a product call, a reserved area and an extension", () => {
    expect(outsideContract("/api/user/focusList")).toMatch(/neither/);
    expect(outsideContract("/api/comment/create")).toMatch(/neither/);
    expect(outsideContract("/api/mvcomment/PUSHCOMMENT")).toBe("");
    expect(outsideContract("/api/book/detail")).toBe("");
    expect(outsideContract("/api/mv/list")).toBe("");
  });
});

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

let phoneSeq = 13600000000;
async function member() {
  const c = testClient(gw.url);
  c.state.token = (await c.send(accounts.register, { phone: String(phoneSeq++), password: "secret123" })).token;
  return c;
}

async function demo() {
  const c = testClient(gw.url);
  c.state.token = (await c.send(accounts.loginByPassword, DEMO)).token;
  return c;
}

describe("calls at the product's paths", () => {
  it("answers the moved calls at their new paths only", async () => {
    const m = await member();
    for (const [gone, now] of [
      ["/api/comment/create", "/api/mvComment/pushComment"],
      ["/api/mvdetail/watchingMvByCoins", "/api/user/watchingMvByCoins"],
      ["/api/user/focusList", "/api/user/following"],
      ["/api/mv/favorite", "/api/mvDetail/favorite"],
    ] as const) {
      expect((await m.request(gone, { id: DEMO_FREE_VIDEO_ID })).httpStatus, gone).toBe(404);
      expect((await m.request(now, { id: DEMO_FREE_VIDEO_ID, content: "好看" })).httpStatus, now).toBe(200);
    }
    // Success statuses as the product marks them: 251 for a video comment, 200 for asking for a video.
    expect((await m.request(video.comment.path, { id: DEMO_FREE_VIDEO_ID, content: "第一条" })).status).toBe(251);
    expect((await m.request(video.requestFind.path, { id: DEMO_FREE_VIDEO_ID })).status).toBe(200);
    const config = await m.send(home.getConfig, undefined);
    expect([...config.created_status_paths].sort()).toEqual([...CREATED_STATUS_PATHS].sort());
    expect(config.created_status_paths).toEqual(expect.arrayContaining(["/api/mvDetail/like", "/api/user/invitation", "/api/system/feeding"]));
    expect(config.created_status_paths).not.toContain("/api/wei/comment");
  });

  it("counts a view on /api/MvDetail/log, not on the detail", async () => {
    const c = testClient(gw.url);
    const before = (await c.send(video.detail, { id: DEMO_FREE_VIDEO_ID })).view_count;
    expect((await c.send(video.detail, { id: DEMO_FREE_VIDEO_ID })).view_count).toBe(before);
    expect(await c.send(video.log, { id: DEMO_FREE_VIDEO_ID })).toEqual({ view_count: before + 1 });
    expect((await c.send(video.detail, { id: DEMO_FREE_VIDEO_ID })).view_count).toBe(before + 1);
    await expect(c.send(video.log, { id: 999_999 })).rejects.toThrow("视频不存在");
  });

  it("follows through /api/user/followed and lists both ways", async () => {
    const a = await member();
    const b = await member();
    const bUid = (await b.send(accounts.userInfo, undefined)).uid;
    expect(await a.send(accounts.follow, { uid: bUid })).toEqual({ is_attention: 1, fans_count: 1 });
    expect((await a.send(accounts.following, {})).list.map((p) => p.uid)).toEqual([bUid]);
    expect((await b.send(accounts.fans, {})).total).toBe(1);
    expect(await a.send(accounts.follow, { uid: bUid })).toEqual({ is_attention: 0, fans_count: 0 });
  });
});

describe("invitations", () => {
  it("binds a member to an inviter once, and lists whom a member invited", async () => {
    const inviter = await member();
    const code = (await inviter.send(accounts.userInfo, undefined)).aff_code;
    const invited = await member();
    const own = (await invited.send(accounts.userInfo, undefined)).aff_code;
    const bind = (aff_code: string) => invited.request(accounts.invitation.path, { aff_code }, { expect: 251 });
    expect(await bind(own)).toMatchObject({ ok: false, status: 400, msg: "不能填写自己的邀请码" });
    expect(await bind("NOSUCH")).toMatchObject({ ok: false, msg: "邀请码不存在" });
    expect(await bind(code.toLowerCase())).toMatchObject({ ok: true, status: 251, data: { invite_by_code: code } });
    expect(await bind(code)).toMatchObject({ ok: false, msg: "你已绑定过邀请人" });
    expect((await invited.send(accounts.userInfo, undefined)).invite_by_code).toBe(code);
    // Silent: a refusal resolves to nothing.
    expect(await invited.send(accounts.invitation, { aff_code: code })).toBeUndefined();
    // Not the other way round.
    expect((await inviter.request(accounts.invitation.path, { aff_code: own })).msg).toBe("不能绑定你邀请的人");

    // One invited at register, the other bound later: newest first.
    const registered = testClient(gw.url);
    await registered.send(accounts.register, { phone: String(phoneSeq++), password: "secret123", aff_code: code });
    const list = await inviter.send(accounts.inviteList, { page: 1 });
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({ uid: expect.any(Number), nickname: expect.stringMatching(/^用户/), avatar_url: expect.stringMatching(/^http/), created_at: expect.stringMatching(/^\d{4}-/) });
    expect((await testClient(gw.url).request(accounts.inviteList.path, {})).status).toBe(420);
  });
});

describe("exchange codes", () => {
  it("gives coins once per code, with a ledger line, and refuses a used or unknown code", async () => {
    const [a, b] = [await member(), await member()];
    const { code, amount } = DEMO_EXCHANGE_CODES.coins;
    const both = await Promise.all([a.request(accounts.exchangeCode.path, { code: code.toLowerCase() }), b.request(accounts.exchangeCode.path, { code })]);
    expect(both.filter((o) => o.ok)).toHaveLength(1);
    expect(both.find((o) => !o.ok)!.msg).toBe("该兑换码已被使用");
    const winner = both[0]!.ok ? a : b;
    const won = both.find((o) => o.ok)!;
    expect(won.msg).toBe(`兑换成功，获得 ${amount} 金币`);
    expect(won.data).toMatchObject({ kind: "coins", amount, coins: amount });
    const me = await winner.send(accounts.userInfo, undefined);
    expect(me).toMatchObject({ coins: amount, coins_total: amount });
    const db = gw.openDb();
    try {
      expect(await db.all("SELECT coins, reason, balance_after FROM spending WHERE user_id = ?", [me.uid])).toEqual([{ coins: -amount, reason: "exchange_code", balance_after: amount }]);
    } finally {
      await db.close();
    }
    await expect(winner.send(accounts.exchangeCode, { code })).rejects.toThrow("你已使用过该兑换码");
    await expect(a.send(accounts.exchangeCode, { code: "NOT-A-CODE" })).rejects.toThrow("兑换码不存在");
    await expect(a.send(accounts.exchangeCode, { code: " " })).rejects.toThrow("请输入兑换码");
  });

  it("gives vouchers and days of VIP", async () => {
    const m = await member();
    const tickets = await m.send(accounts.exchangeCode, { code: DEMO_EXCHANGE_CODES.ticket.code });
    expect(tickets).toMatchObject({ kind: "ticket", amount: 2, tickets: 2 });
    expect((await m.send(accounts.myTickets, {})).list.map((t) => t.status)).toEqual([0, 0]);
    const db = gw.openDb();
    try {
      await db.run("INSERT INTO exchange_codes (code, kind, amount, created_at) VALUES (?, 'vip', 7, ?)", ["VIPWEEK", Date.now()]);
    } finally {
      await db.close();
    }
    const vip = await m.send(accounts.exchangeCode, { code: "vipweek" });
    expect(vip).toMatchObject({ kind: "vip", amount: 7, vip: 1 });
    const days = (Date.parse(`${vip.vip_expires_at.replace(" ", "T")}Z`) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect((await m.send(video.detail, { id: DEMO_FREE_VIDEO_ID })).viewer.vip).toBe(1);
  });
});

describe("feedback", () => {
  it("takes feedback (shown, 251) with uploaded images, and lists the member's with the replies", async () => {
    const m = await member();
    await expect(m.send(accounts.feeding, { content: "太短" })).rejects.toThrow("反馈内容至少 5 个字");
    await expect(m.send(accounts.feeding, { content: "图片地址不对的反馈", images: ["javascript:alert(1)"] })).rejects.toThrow("图片应为上传后的地址");
    const tooMany = Array.from({ length: accounts.MAX_FEEDBACK_IMAGES + 1 }, (_, i) => `/uploads/images/202601/${i}.png`);
    await expect(m.send(accounts.feeding, { content: "图片太多的一条反馈", images: tooMany })).rejects.toThrow("最多 9 张图片");
    const sent = await m.request(accounts.feeding.path, { content: "播放页加载有点慢，希望优化", images: ["/uploads/images/202601/a.png", `${gw.url}/uploads/images/202601/b.png`] }, { expect: 251 });
    expect(sent).toMatchObject({ ok: true, status: 251, msg: "反馈已提交，我们会尽快回复" });
    const mine = await m.send(accounts.feedback, {});
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ content: "播放页加载有点慢，希望优化", images: [`${gw.url}/uploads/images/202601/a.png`, `${gw.url}/uploads/images/202601/b.png`], reply: "", replied_at: null });
    // The demo member's seeded one has a reply.
    expect((await (await demo()).send(accounts.feedback, {})).list.some((f) => f.reply && f.replied_at)).toBe(true);
  });
});

describe("home, headlines", () => {
  it("answers the app centre with encrypted icons", async () => {
    const apps = await testClient(gw.url).send(home.appCenter, undefined);
    expect(apps.length).toBeGreaterThanOrEqual(3);
    for (const a of apps) expect(a).toMatchObject({ id: expect.any(Number), name: expect.any(String), icon: expect.stringMatching(/\/media\/enc\//), url: expect.stringMatching(/^\/[^/]/), intro: expect.any(String) });
  });

  it("takes one report per member and headline, and refuses a video id", async () => {
    const m = await member();
    const headline = (await m.send(creators.headlines, { uid: 3, page: 1, limit: 1 })).list[0]!;
    expect((await m.request(home.reportHeadline.path, { id: headline.id, type_id: 1 })).msg).toBe("举报已提交");
    expect((await m.request(home.reportHeadline.path, { id: headline.id, type_id: 2, content: "补充说明" })).msg).toBe("举报已更新");
    await expect(m.send(home.reportHeadline, { id: DEMO_FREE_VIDEO_ID, type_id: 1 })).rejects.toThrow("头条不存在");
    await expect(m.send(home.reportHeadline, { id: headline.id, type_id: 999 })).rejects.toThrow("举报类型无效");
  });

  it("lists the member's own headlines: the circle post a community unlock writes", async () => {
    const m = await member();
    expect((await m.send(accounts.myHeadlines, {})).total).toBe(0);
    const locked = (await m.send(home.list, { section: "porn", sort: "hot", page: 1, limit: 50 })).list.find((v) => !v.can_watch && v.coins > 0)!;
    const unlocked = await m.send(video.communityUnlock, { id: locked.id, content: "分享一部好片给大家" });
    const mine = await m.send(accounts.myHeadlines, {});
    expect(mine.list.map((h) => h.id)).toEqual([unlocked.post_id]);
    expect(mine.list[0]!.quote).toMatchObject({ id: locked.id });
  });

  it("shows the msg of the shown calls: a headline comment answers 200 with it", async () => {
    const m = await member();
    const headline = (await m.send(creators.headlines, { uid: 3, page: 1, limit: 1 })).list[0]!;
    const posted = await m.request(creators.commentHeadline.path, { id: headline.id, content: "说得好" });
    expect(posted).toMatchObject({ ok: true, status: 200, msg: "评论成功" });
  });
});
