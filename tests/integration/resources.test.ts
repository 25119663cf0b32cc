import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, audio, pictures, resources } from "#gateway/api/index.ts";
import type { ResourceKind } from "#gateway/api/resources.ts";
import {
  startTestGateway,
  testClient,
  type TestGateway,
} from "../support/gateway.ts";
import { memberMaker } from "../support/members.ts";

// What the five kinds of the 资源 tab share (issue 19): the purchase list of each kind, following a series and
// the followed series, on items of this file's own (ids 39001+, clear of every kind's seed).

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
  const db = gw.openDb();
  try {
    const now = Date.now() - 60_000;
    for (const [i, kind] of KINDS.entries()) {
      const series = 39001 + i;
      await db.run(
        "INSERT INTO series (id, kind, title, created_at) VALUES (?, ?, ?, ?)",
        [series, kind, `测试系列${i}`, now],
      );
      // Two items of the series (the second newer) and one without a series.
      for (const [j, id] of [
        ITEM(kind),
        ITEM(kind) + 1,
        LONE(kind),
      ].entries()) {
        await db.run(
          "INSERT INTO items (id, kind, title, cover_seed, cover_ratio, coins, series_id, created_at, updated_at) VALUES (?, ?, ?, ?, '3X4', 10, ?, ?, ?)",
          [
            id,
            kind,
            `测试${kind}${j}`,
            `test-${id}`,
            j < 2 ? series : null,
            now + j,
            now + j,
          ],
        );
      }
      await db.run(
        "INSERT INTO item_units (item_id, seq, title, coins, created_at) VALUES (?, 1, '第一章', 3, ?)",
        [ITEM(kind) + 1, now],
      );
    }
  } finally {
    await db.close();
  }
});
afterAll(() => gw.close());

const KINDS: ResourceKind[] = ["comic", "novel", "picture", "audio", "game"];
const ITEM = (kind: ResourceKind) => 39001 + KINDS.indexOf(kind) * 10;
const LONE = (kind: ResourceKind) => ITEM(kind) + 5;

const member = memberMaker(() => gw, 13560000000);

/** Records purchases as the wallet would: the whole item (unit 0) or a chapter of it, `ago` ms before now. */
async function bought(
  uuid: string,
  rows: { item: number; unit?: "first"; ago: number }[],
) {
  const db = gw.openDb();
  try {
    const user = await db.get<{ id: number }>(
      "SELECT id FROM users WHERE uuid = ?",
      [uuid],
    );
    for (const r of rows) {
      const unit = r.unit
        ? Number(
            await db.value(
              "SELECT id FROM item_units WHERE item_id = ? ORDER BY seq LIMIT 1",
              [r.item],
            ),
          )
        : 0;
      await db.run(
        "INSERT INTO purchases (user_id, item_id, unit_id, method, coins, created_at) VALUES (?, ?, ?, 'coins', 3, ?)",
        [user!.id, r.item, unit, Date.now() - r.ago],
      );
    }
  } finally {
    await db.close();
  }
}

describe("the resources' shared calls", () => {
  it("asks a visitor to log in (420) for the purchase list, a follow and the followed series", async () => {
    const guest = testClient(gw.url);
    for (const [path, fields] of [
      [resources.listBought.path, { kind: "novel" }],
      [resources.followSeries.path, { id: ITEM("novel") }],
      [resources.listFollowSeries.path, {}],
    ] as const) {
      expect((await guest.request(path, fields)).status, path).toBe(420);
    }
  });

  it("lists what a member bought of each kind, whole items and items with a bought chapter, newest purchase first", async () => {
    const m = await member();
    const other = await member();
    expect(
      (await m.send(resources.listBought, { kind: "comic" })).list,
    ).toEqual([]);
    await bought(
      (await m.send(accounts.userInfo, undefined)).uuid,
      KINDS.flatMap((k) => [
        { item: ITEM(k), ago: 5000 },
        { item: ITEM(k) + 1, unit: "first" as const, ago: 1000 },
      ]),
    );
    for (const kind of KINDS) {
      const page = await m.send(resources.listBought, {
        kind,
        page: 1,
        limit: 20,
      });
      expect(
        page.list.map((i) => [i.id, i.kind, i.is_pay]),
        kind,
      ).toEqual([
        [ITEM(kind) + 1, kind, 0],
        [ITEM(kind), kind, 1],
      ]);
      expect(page).toMatchObject({ total: 2, has_more: false });
      expect(page.list[1]).toMatchObject({
        title: expect.any(String),
        cover: expect.stringMatching(/\/media\//),
        tags: expect.any(Array),
        unit_count: expect.any(Number),
      });
      expect(
        (await other.send(resources.listBought, { kind })).list,
        kind,
      ).toEqual([]);
    }
    const paged = await m.send(resources.listBought, {
      kind: "novel",
      page: 2,
      limit: 1,
    });
    expect(paged.list.map((i) => i.id)).toEqual([ITEM("novel")]);
    expect(
      (await m.request(resources.listBought.path, { kind: "video" })).msg,
    ).toMatch(/类型无效/);
  });

  it("follows an item's series and unfollows it again; the followed series list each with its newest item", async () => {
    const m = await member();
    expect(await m.send(resources.listFollowSeries, {})).toMatchObject({
      list: [],
      total: 0,
    });
    expect(await m.send(resources.followSeries, { id: ITEM("novel") })).toEqual(
      { is_follow: 1 },
    );
    await new Promise((r) => setTimeout(r, 5));
    // Another item of the same series is the same follow.
    expect(
      await m.send(resources.followSeries, { id: ITEM("picture") + 1 }),
    ).toEqual({ is_follow: 1 });
    const listed = await m.send(resources.listFollowSeries, {
      page: 1,
      limit: 10,
    });
    expect(
      listed.list.map((s) => [
        s.series_id,
        s.item_count,
        s.latest.id,
        s.latest.kind,
      ]),
    ).toEqual([
      [39001 + KINDS.indexOf("picture"), 2, ITEM("picture") + 1, "picture"],
      [39001 + KINDS.indexOf("novel"), 2, ITEM("novel") + 1, "novel"],
    ]);
    expect(listed.list[0]).toMatchObject({
      series_title: expect.stringMatching(/^测试系列/),
      followed_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(
      await m.send(resources.followSeries, { id: ITEM("picture") }),
    ).toEqual({ is_follow: 0 });
    expect(
      (await m.send(resources.listFollowSeries, {})).list.map(
        (s) => s.latest.kind,
      ),
    ).toEqual(["novel"]);
    // Someone else's follows are theirs.
    expect(
      (await (await member()).send(resources.listFollowSeries, {})).total,
    ).toBe(0);

    expect(
      (await m.request(resources.followSeries.path, { id: LONE("audio") })).msg,
    ).toBe("该内容不属于任何系列");
    expect(
      (await m.request(resources.followSeries.path, { id: 999_999 })).msg,
    ).toBe("内容不存在或已下架");
  });

  it("answers the series calls at the picture and audio paths as at the novel's (decision 070)", async () => {
    const m = await member();
    for (const area of [pictures, audio]) {
      expect(await m.send(area.followSeries, { id: ITEM("novel") })).toEqual({ is_follow: 1 });
      // One follow, whichever path made it: every path lists it, and undoes it.
      for (const list of [resources.listFollowSeries, pictures.listFollowSeries, audio.listFollowSeries]) {
        expect((await m.send(list, {})).list.map((s) => s.latest.id), list.path).toEqual([ITEM("novel") + 1]);
      }
      expect(await m.send(resources.followSeries, { id: ITEM("novel") })).toEqual({ is_follow: 0 });
      expect((await m.send(area.listFollowSeries, { page: 1, limit: 10 })).total).toBe(0);
      expect((await m.request(area.followSeries.path, { id: LONE("audio") })).msg).toBe("该内容不属于任何系列");
      // A visitor is asked to log in, as at the novel's paths.
      for (const call of [area.followSeries, area.listFollowSeries]) expect((await testClient(gw.url).request(call.path, { id: ITEM("novel") })).status, call.path).toBe(420);
    }
  });

  it("follows once under concurrent toggles from two devices: the follow ends on or off, never twice", async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        m.request(resources.followSeries.path, { id: ITEM("audio") }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const listed = await m.send(resources.listFollowSeries, {});
    expect(listed.total).toBeLessThanOrEqual(1);
  });
});
