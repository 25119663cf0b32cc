import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, home, novels, resources, video } from "#gateway/api/index.ts";
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { runAdmin } from "../support/admin.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// Decision 084: `content remove` takes an item down: no longer listed or sold, while its buyers keep it, marked
// 已下架 in their purchases, and still open it. `content set --hidden 0` lists it again.
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());
const member = memberMaker(() => gw, 13722200001);

async function paidVideo(): Promise<number> {
  const db = gw.openDb();
  try {
    return Number(await db.value("SELECT id FROM items WHERE kind = 'video' AND coins > 0 AND vip_free = 0 AND hidden = 0 ORDER BY id DESC LIMIT 1"));
  } finally {
    await db.close();
  }
}

const admin = async (...args: string[]) => {
  const out = await runAdmin(gw, "content", ...args);
  expect(out.code, out.stderr).toBe(0);
  return out;
};

describe("a video taken down", () => {
  it("is kept by its buyer, refused to others and no longer sold or listed", async () => {
    const id = await paidVideo();
    const buyer = await member(500);
    expect((await buyer.send(video.buyWithCoins, { id })).data!.video.can_watch).toBe(1);
    await admin("remove", String(id));

    const kept = (await buyer.send(accounts.myPurchases, {})).list.find((v) => v.id === id);
    expect(kept).toMatchObject({ id, off_shelf: 1 });
    const detail = await buyer.send(video.detail, { id });
    expect(detail.can_watch).toBe(1);
    expect(detail.play_url).toMatch(/\?u=\d+&e=\d+&s=/);
    expect((await fetch(detail.play_url)).status).toBe(200);
    expect(detail.preview_url).toBe("");

    const other = await member(500);
    const refused = await other.request(video.detail.path, { id });
    expect(refused.msg).toBe("该视频已下架");
    expect((await other.send(video.buyWithCoins, { id })).ok).toBe(false);
    expect((await other.send(accounts.userInfo, undefined)).coins).toBe(500);
    expect((await fetch(`${gw.url}/media/video/${id}/preview/master.m3u8`)).status).toBe(404);
    // Listed nowhere: not in its section's newest videos.
    const db = gw.openDb();
    const section = (await db.value<string>("SELECT section FROM items WHERE id = ?", [id])) === "aw" ? "aw" : "porn";
    await db.close();
    const listed = await testClient(gw.url).send(home.list, { section, sort: "new", page: 1, limit: 50 });
    expect(listed.list.map((v) => v.id)).not.toContain(id);

    await admin("set", String(id), "--hidden", "0");
    expect((await other.send(video.detail, { id })).id).toBe(id);
    expect((await buyer.send(accounts.myPurchases, {})).list.find((v) => v.id === id)?.off_shelf).toBeUndefined();
  });
});

describe("a novel taken down", () => {
  it("keeps the bought chapter open for its buyer, in 我的购买 marked 已下架, and sells no more", async () => {
    const id = FIRST_NOVEL_ID;
    const chapters = (await testClient(gw.url).send(novels.chaptersList, { id })).list;
    const paid = chapters.filter((c) => c.coins > 0);
    const buyer = await member(500);
    expect((await buyer.send(novels.buy, { id: paid[0]!.id })).ok).toBe(true);
    await admin("remove", String(id));

    expect((await buyer.send(resources.listBought, { kind: "novel" })).list.find((n) => n.id === id)).toMatchObject({ id, off_shelf: 1 });
    expect(await buyer.send(novels.chapterDetail, { id: paid[0]!.id })).toMatchObject({ locked: 0 });
    const more = await buyer.send(novels.buy, { id: paid[1]!.id });
    expect(more.ok).toBe(false);
    expect((await testClient(gw.url).request(novels.detail.path, { id })).msg).toBe("小说不存在或已下架");
    expect((await testClient(gw.url).send(novels.list, { page: 1, limit: 50 })).list.map((n) => n.id)).not.toContain(id);
  });
});
