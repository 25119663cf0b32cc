import { describe, expect, it } from "vitest";
import { resources, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { FIRST_COMIC_ID } from "#server/resources/comics/seed.ts";
import { memberMaker } from "../support/members.ts";
import { testClient, twoGatewayProcesses } from "../support/gateway.ts";

// Decision 081: a video's position is saved through the resources' progress calls (seconds, unit 0, with the
// length), follows the member to another device, and makes up the watch history.
const processes = twoGatewayProcesses();
const member = memberMaker(() => processes.gw, 13722200000);
/** The same member on the second gateway process: another device. */
const elsewhere = (m: ReturnType<typeof testClient>) => testClient(processes.second.url, { token: m.state.token });

const save = (m: ReturnType<typeof testClient>, item_id: number, position: number, updated_at: number, duration = 8) =>
  m.send(resources.saveProgress, { item_id, unit_id: 0, position, updated_at, duration });

async function otherVideos(n: number): Promise<number[]> {
  const db = processes.gw.openDb();
  try {
    const rows = await db.all<{ id: number }>("SELECT id FROM items WHERE kind = 'video' AND hidden = 0 AND id NOT IN (?, ?) ORDER BY id LIMIT ?", [DEMO_FREE_VIDEO_ID, DEMO_LOCKED_VIDEO_ID, n]);
    return rows.map((r) => Number(r.id));
  } finally {
    await db.close();
  }
}

describe("video positions and the watch history (decision 081)", () => {
  it("saves a position on one device and offers it on another; the newer updated_at wins; finished past 95 %", async () => {
    const m = await member();
    const t = Date.now();
    expect(await save(m, DEMO_FREE_VIDEO_ID, 3.5, t)).toEqual({ item_id: DEMO_FREE_VIDEO_ID, unit_id: 0, position: 3.5, duration: 8, finished: false, updated_at: t });
    const phone = elsewhere(m);
    expect(await phone.send(resources.progress, { item_id: DEMO_FREE_VIDEO_ID })).toMatchObject({ position: 3.5, duration: 8, finished: false, updated_at: t });
    // The other device was there later: it wins, and an older save from the first device changes nothing.
    expect(await save(phone, DEMO_FREE_VIDEO_ID, 7.8, t + 5000)).toMatchObject({ position: 7.8, finished: true, updated_at: t + 5000 });
    expect(await save(m, DEMO_FREE_VIDEO_ID, 1, t + 1000)).toMatchObject({ position: 7.8, finished: true, updated_at: t + 5000 });
    expect(await m.send(resources.progress, { item_id: DEMO_FREE_VIDEO_ID })).toMatchObject({ position: 7.8, duration: 8, finished: true });
    // Just under 95 % is not finished.
    expect(await save(m, DEMO_FREE_VIDEO_ID, 7.5, t + 6000)).toMatchObject({ finished: false });
    // Reading progress keeps its shape: no video fields, and a length sent with it is not kept.
    const page = await m.send(resources.saveProgress, { item_id: FIRST_COMIC_ID, unit_id: 0, position: 3, updated_at: t, duration: 50 });
    expect(Object.keys(page!).sort()).toEqual(["item_id", "position", "unit_id", "updated_at"]);
    expect((await m.send(video.history, { page: 1, limit: 20 })).list.map((v) => v.id)).toEqual([DEMO_FREE_VIDEO_ID]);
  });

  it("lists the history newest first with each position, on either process; clearing empties it", async () => {
    const m = await member();
    const [a, b, c] = await otherVideos(3);
    const t = Date.now();
    await save(m, a!, 2, t);
    await save(elsewhere(m), b!, 754.25, t + 2000, 1200);
    await save(m, c!, 5, t + 1000);
    const listed = await elsewhere(m).send(video.history, { page: 1, limit: 20 });
    expect(listed.total).toBe(3);
    expect(listed.list.map((v) => v.id)).toEqual([b, c, a]);
    expect(listed.list[0]!.progress).toEqual({ position: 754.25, duration: 1200, finished: false, updated_at: t + 2000 });
    expect(listed.list[0]).toMatchObject({ kind: "video", id: b, title: expect.any(String), cover: expect.any(String) });
    // Watched again on the first device: back to the top.
    await save(m, a!, 3, t + 3000);
    expect((await m.send(video.history, { page: 1, limit: 2 })).list.map((v) => v.id)).toEqual([a, b]);
    expect((await m.send(video.history, { page: 2, limit: 2 })).list.map((v) => v.id)).toEqual([c]);
    // Another member's history is their own.
    expect((await (await member()).send(video.history, { page: 1, limit: 20 })).total).toBe(0);

    const outcome = await elsewhere(m).request(video.clearHistory.path, { request_id: "clear-1" });
    expect(outcome).toMatchObject({ ok: true, msg: "观看历史已清空", data: { ok: true } });
    expect(await m.send(video.history, { page: 1, limit: 20 })).toMatchObject({ total: 0, list: [] });
    expect(await m.send(resources.progress, { item_id: a! })).toBeNull();
  });

  it("refuses a guest", async () => {
    const guest = testClient(processes.gw.url);
    expect(await guest.request(video.history.path, { page: 1 })).toMatchObject({ ok: false, status: 420 });
    expect(await guest.request(video.clearHistory.path, {})).toMatchObject({ ok: false, status: 420 });
    expect(await guest.request(resources.saveProgress.path, { item_id: DEMO_FREE_VIDEO_ID, unit_id: 0, position: 1, updated_at: Date.now() })).toMatchObject({ ok: false, status: 420 });
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const m = await member();
    const t = Date.now();
    await save(m, DEMO_FREE_VIDEO_ID, 4, t);
    const bad = async (fields: Record<string, unknown>) => {
      const r = await m.request(resources.saveProgress.path, { item_id: DEMO_FREE_VIDEO_ID, unit_id: 0, position: 2, updated_at: t + 1000, duration: 8, ...fields });
      expect(r.ok, JSON.stringify(fields)).toBe(false);
      expect(r.status).toBe(400);
      return r.msg;
    };
    expect(await bad({ position: -1 })).toBe("位置应为非负数");
    // JSON has no NaN or Infinity: they arrive as null.
    expect(await bad({ position: Number.NaN })).toBe("位置应为数字");
    expect(await bad({ position: Number.POSITIVE_INFINITY })).toBe("位置应为数字");
    expect(await bad({ position: "12" })).toBe("位置应为数字");
    expect(await bad({ position: 1e9 })).toBe("位置过大");
    expect(await bad({ position: 100_000, duration: 0 })).toBe("位置不能超过 86400 秒");
    expect(await bad({ position: 9.5 })).toBe("位置超出视频时长");
    expect(await bad({ duration: -3 })).toBe("时长应为非负数");
    expect(await bad({ duration: 1e12 })).toBe("时长不能超过 86400 秒");
    expect(await bad({ duration: "8" })).toBe("时长应为数字");
    expect(await bad({ unit_id: 3 })).toBe("视频的 unit_id 应为 0");
    expect(await bad({ unit_id: 3, position: 20 })).toBe("视频的 unit_id 应为 0；位置超出视频时长");
    expect(await bad({ updated_at: "soon" })).toBe("时间无效");
    expect(await bad({ position: -1, duration: "x" })).toBe("位置应为非负数；时长应为数字");
    expect(await m.send(resources.progress, { item_id: DEMO_FREE_VIDEO_ID })).toMatchObject({ position: 4, duration: 8, updated_at: t });
    expect(await m.request(resources.saveProgress.path, { item_id: 99_999_999, unit_id: 0, position: 1, updated_at: t + 1 })).toMatchObject({ ok: false, status: 404 });
  });
});
