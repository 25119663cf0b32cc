import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptImage } from "#gateway/image-cipher.ts";
import { readSettings } from "#server/env.ts";
import { storeImage } from "#server/ingest/images.ts";
import { insertItem } from "#server/ingest/items.ts";
import { cleanLeftovers, publish, withStage } from "#server/ingest/publish.ts";
import { contentStoreOf } from "#server/ingest/store.ts";
import { storedImageUrl } from "#server/ingest/stored-files.ts";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { runAdmin } from "../support/admin.ts";
import { startTestGateway, type TestGateway } from "../support/gateway.ts";

// Decision 084: an ingested item's files are staged, published with its rows in one step, served as encrypted images
// (public directly under the key, signed in a folder), and what an interrupted ingest leaves is cleaned up.
let gw: TestGateway;
const settings = readSettings({});
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

async function publishPicture(title: string) {
  const store = contentStoreOf(gw.dataDir);
  const db = gw.openDb();
  try {
    return await withStage(store, async (stage) => {
      const cover = await storeImage(stage, "cover.bin", placeholderPng("cover", 90, 160), settings.gateway.mediaKey);
      const page = await storeImage(stage, "set/001.bin", placeholderPng("page", 60, 80), settings.gateway.mediaKey);
      const id = await publish(db, store, stage, ["cover.bin", "set/001.bin"], (tx, key) => insertItem(tx, key, { kind: "picture", title, cover }));
      return { id, cover, page, key: stage.key };
    });
  } finally {
    await db.close();
  }
}

describe("stored content", () => {
  it("serves a published item's cover to anyone and a folder's image only with a grant on it", async () => {
    const { id, cover, page, key } = await publishPicture("测试图集");
    expect(cover.ratio).toBe("9X16");
    expect(page).toMatchObject({ width: 60, height: 80, ratio: "3X4" });
    const [row] = await gw.openDb().all<{ cover_seed: string; store_key: string }>("SELECT cover_seed, store_key FROM items WHERE id = ?", [id]);
    expect(row).toEqual({ cover_seed: `file:${key}/cover.bin`, store_key: key });

    const coverResponse = await fetch(storedImageUrl(gw.url, cover.ref));
    expect(coverResponse.status).toBe(200);
    expect(coverResponse.headers.get("cache-control")).toContain("immutable");
    const plain = await decryptImage(new Uint8Array(await coverResponse.arrayBuffer()), settings.gateway.mediaKey);
    expect(Buffer.from(plain)).toEqual(Buffer.from(placeholderPng("cover", 90, 160)));

    expect((await fetch(storedImageUrl(gw.url, page.ref))).status).toBe(403);
    const granted = storedImageUrl(gw.url, page.ref, { secret: settings.mediaUrlSecret, uid: 7 });
    expect((await fetch(granted)).status).toBe(200);
    // A grant on one folder opens no other, and a forged signature nothing.
    expect((await fetch(granted.replace("/set/001.bin", "/other/001.bin"))).status).toBe(403);
    expect((await fetch(granted.replace(/s=[^&]+/, "s=AAAA"))).status).toBe(403);
    for (const hostile of ["..%2f..%2fgateway.sqlite", "cover.bin%00.bin", "set/..%2fcover.bin"]) expect((await fetch(`${gw.url}/media/enc/s/${key}/${hostile}`)).status, hostile).toBe(404);
  });

  it("publishes nothing when a file is missing or the rows fail, and keeps no files", async () => {
    const store = contentStoreOf(gw.dataDir);
    const db = gw.openDb();
    const before = Number(await db.value("SELECT COUNT(*) FROM items"));
    let key = "";
    await expect(
      withStage(store, async (stage) => {
        key = stage.key;
        const cover = await storeImage(stage, "cover.bin", placeholderPng("x", 20, 20), settings.gateway.mediaKey);
        return publish(db, store, stage, ["cover.bin", "set/001.bin"], (tx, k) => insertItem(tx, k, { kind: "picture", title: "缺页", cover }));
      }),
    ).rejects.toThrow(/missing: set\/001.bin/);
    await expect(
      withStage(store, async (stage) => {
        const cover = await storeImage(stage, "cover.bin", placeholderPng("x", 20, 20), settings.gateway.mediaKey);
        return publish(db, store, stage, ["cover.bin"], async (tx, k) => {
          await insertItem(tx, k, { kind: "picture", title: "写入失败", cover });
          throw new Error("the rows failed");
        });
      }),
    ).rejects.toThrow("the rows failed");
    expect(Number(await db.value("SELECT COUNT(*) FROM items"))).toBe(before);
    expect((await store.keys()).map((k) => k.key)).not.toContain(key);
    await db.close();
  });

  it("refuses what is not an image", async () => {
    const store = contentStoreOf(gw.dataDir);
    await expect(withStage(store, (stage) => storeImage(stage, "cover.bin", new TextEncoder().encode("<html>not a picture</html>"), settings.gateway.mediaKey, "page.png"))).rejects.toThrow("not an image (PNG, JPEG, GIF or WebP): page.png");
    await expect(withStage(store, (stage) => storeImage(stage, "cover.bin", new Uint8Array(), settings.gateway.mediaKey, "empty.png"))).rejects.toThrow("empty file: empty.png");
  });

  it("cleans up what an interrupted ingest left when the next one starts", async () => {
    const store = contentStoreOf(gw.dataDir);
    // A staged folder whose process is gone (a pid no process has), and one of a live process (this one).
    const dead = await store.stage();
    writeFileSync(join(dead.dir, ".owner"), `${(await import("node:os")).hostname()}\n999999999\n`);
    const live = await store.stage();
    mkdirSync(join(dead.dir, "video"), { recursive: true });
    const db = gw.openDb();
    expect(await cleanLeftovers(db, store)).toBeGreaterThanOrEqual(1);
    expect(existsSync(dead.dir)).toBe(false);
    expect(existsSync(live.dir)).toBe(true);
    await store.discard(live);
    await db.close();
  });
});

describe("npm run admin -- content", () => {
  it("lists, shows, re-prices, takes down and lists again an item", async () => {
    const { id } = await publishPicture("运营图集");
    const listed = JSON.parse((await runAdmin(gw, "content", "list", "--ingested", "--json")).stdout) as { id: number; title: string; state: string }[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ title: "运营图集", state: "listed" });
    const shown = await runAdmin(gw, "content", "show", String(id));
    expect(shown.stdout).toContain("运营图集");
    expect(JSON.parse((await runAdmin(gw, "content", "set", String(id), "--price", "12", "--json")).stdout)).toMatchObject({ coins: 12, state: "listed" });
    expect(JSON.parse((await runAdmin(gw, "content", "remove", String(id), "--json")).stdout)).toMatchObject({ state: "taken down", buyers: 0 });
    expect(JSON.parse((await runAdmin(gw, "content", "set", String(id), "--hidden", "0", "--json")).stdout)).toMatchObject({ state: "listed" });
    for (const [args, message] of [
      [["set", String(id)], "nothing to change"],
      [["set", String(id), "--price", "-3"], "--price must be a whole number"],
      [["set", String(id), "--hidden", "2"], "--hidden must be 0 or 1"],
      [["show", "99999999"], "no item 99999999"],
      [["remove", "abc"], "not an item id: abc"],
    ] as const) {
      const out = await runAdmin(gw, "content", ...args);
      expect(out.code, args.join(" ")).toBe(1);
      expect(out.stderr).toContain(message);
    }
  });
});
