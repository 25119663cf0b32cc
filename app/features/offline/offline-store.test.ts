import { describe, expect, it } from "vitest";
import { createOfflineStore, deviceOrGateway, formatSize, memoryBackend, OFFLINE_MESSAGES, OfflineError, type SaveRequest } from "./offline-store.ts";

const BASE = "http://app.test";
const chapter = (over: Partial<SaveRequest> = {}): SaveRequest => ({
  kind: "novel",
  itemId: 31001,
  unitId: 7,
  owner: 1,
  title: "书名 · 第 7 章",
  href: "/novel/reader?id=31001&chapter=7",
  data: { chapter: { id: 7, content: "一段正文" } },
  files: [],
  ...over,
});
const episode = (unitId: number, pages: string[]) =>
  chapter({
    kind: "comic",
    itemId: 30001,
    unitId,
    title: `漫画 · 第 ${unitId} 话`,
    data: { pages },
    files: pages,
  });

/** A file server: `/media/enc/<name>` answers `size` bytes; `fail` names answer 404, `drop` names fail to connect. */
function files(opts: { size?: number; fail?: string[]; drop?: string[] } = {}) {
  const asked: string[] = [];
  const fetchFile = async (url: string) => {
    asked.push(url);
    const name = new URL(url).pathname.split("/").pop()!;
    if (opts.drop?.includes(name)) throw new TypeError("Failed to fetch");
    if (opts.fail?.includes(name)) return new Response("no", { status: 404 });
    const body = new Uint8Array(opts.size ?? 1000).fill(7);
    return new Response(body, {
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(body.length),
      },
    });
  };
  return { asked, fetchFile };
}

describe("offline store", () => {
  it("saves a chapter's text and answers it as it was, for its owner only", async () => {
    const store = createOfflineStore(memoryBackend(), BASE, files().fetchFile);
    const saved = await store.save(chapter());
    expect(saved.files).toEqual([]);
    expect(saved.size).toBeGreaterThan(JSON.stringify(chapter().data).length);
    const loaded = await store.load({ kind: "novel", itemId: 31001, unitId: 7 }, 1);
    expect(loaded?.data).toEqual(chapter().data);
    expect(loaded?.title).toBe("书名 · 第 7 章");
    expect(await store.load({ kind: "novel", itemId: 31001, unitId: 7 }, 2)).toBeUndefined();
    expect(await store.list(2)).toEqual([]);
  });

  it("downloads an episode's pages once each, reports progress and sizes them", async () => {
    const server = files({ size: 2048 });
    const store = createOfflineStore(memoryBackend(), BASE, server.fetchFile);
    const pages = Array.from({ length: 9 }, (_, i) => `/media/enc/p${i}.enc`);
    const progress: number[] = [];
    const saved = await store.save(episode(1, [...pages, pages[0]!]), (p) => progress.push(p));
    expect(server.asked).toHaveLength(9);
    expect(saved.files.map((f) => f.url)).toEqual(pages.map((p) => BASE + p));
    expect(saved.files.every((f) => f.size === 2048)).toBe(true);
    expect(saved.size).toBeGreaterThan(9 * 2048);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await store.file(pages[3]!))?.size).toBe(2048);
    expect((await store.file(`${BASE}${pages[3]}`))?.size).toBe(2048);
  });

  it("lists the member's units newest first and removes one without the files another still uses", async () => {
    const backend = memoryBackend();
    const store = createOfflineStore(backend, BASE, files().fetchFile);
    await store.save(episode(1, ["/media/enc/a", "/media/enc/shared"]));
    await new Promise((r) => setTimeout(r, 2));
    await store.save(episode(2, ["/media/enc/b", "/media/enc/shared"]));
    expect((await store.list(1)).map((u) => u.unitId)).toEqual([2, 1]);
    await store.remove({ kind: "comic", itemId: 30001, unitId: 1 }, 1);
    expect((await store.list(1)).map((u) => u.unitId)).toEqual([2]);
    expect(await store.file("/media/enc/a")).toBeUndefined();
    expect(await store.file("/media/enc/shared")).toBeDefined();
    await store.remove({ kind: "comic", itemId: 30001, unitId: 2 }, 1);
    expect([...backend.map.keys()]).toEqual([]);
  });

  it("fails with a clear message and leaves nothing behind when a file cannot be downloaded", async () => {
    const backend = memoryBackend();
    await expect(
      createOfflineStore(backend, BASE, files({ fail: ["p5"] }).fetchFile).save(
        episode(
          1,
          Array.from({ length: 8 }, (_, i) => `/media/enc/p${i}`),
        ),
      ),
    ).rejects.toThrow(`${OFFLINE_MESSAGES.network}（HTTP 404）`);
    expect([...backend.map.keys()]).toEqual([]);
    const dropped = createOfflineStore(backend, BASE, files({ drop: ["p0"] }).fetchFile).save(episode(1, ["/media/enc/p0"]));
    await expect(dropped).rejects.toBeInstanceOf(OfflineError);
    await expect(dropped).rejects.toThrow(OFFLINE_MESSAGES.network);
    expect([...backend.map.keys()]).toEqual([]);
  });

  it("says the space ran out when the backend refuses to store", async () => {
    const backend = memoryBackend();
    const full = {
      ...backend,
      put: async () => Promise.reject(new DOMException("full", "QuotaExceededError")),
    };
    await expect(createOfflineStore(full, BASE, files().fetchFile).save(episode(1, ["/media/enc/a"]))).rejects.toThrow(OFFLINE_MESSAGES.quota);
  });

  it("keeps a saved file when another unit saving it fails, and sweeps files no unit lists", async () => {
    const backend = memoryBackend();
    const ok = createOfflineStore(backend, BASE, files().fetchFile);
    await ok.save(episode(1, ["/media/enc/shared"]));
    const failing = createOfflineStore(backend, BASE, files({ fail: ["bad"] }).fetchFile);
    await expect(failing.save(episode(2, ["/media/enc/shared", "/media/enc/bad"]))).rejects.toThrow(OfflineError);
    expect(await ok.file("/media/enc/shared")).toBeDefined();
    await backend.put(`${BASE}/media/enc/orphan`, new Response("x"));
    expect(await ok.sweep()).toBe(1);
    expect(await ok.file("/media/enc/orphan")).toBeUndefined();
    expect(await ok.file("/media/enc/shared")).toBeDefined();
  });

  it("saving again replaces the entry and reuses stored files", async () => {
    const server = files();
    const store = createOfflineStore(memoryBackend(), BASE, server.fetchFile);
    await store.save(episode(1, ["/media/enc/a"]));
    await store.save({ ...episode(1, ["/media/enc/a"]), title: "新标题" });
    expect(server.asked).toHaveLength(1);
    expect((await store.list(1)).map((u) => u.title)).toEqual(["新标题"]);
  });

  it("keeps an item's detail that came after the unit was saved, once, and not for a unit removed meanwhile", async () => {
    const store = createOfflineStore(memoryBackend(), BASE, files().fetchFile);
    const key = { kind: "novel", itemId: 31001, unitId: 7 } as const;
    const saved = await store.save(chapter());
    expect(await store.attachItem(key, 1, { title: "书名" })).toBe(true);
    const loaded = await store.load(key, 1);
    expect(loaded?.item).toEqual({ title: "书名" });
    expect(loaded?.data).toEqual(chapter().data);
    expect(loaded!.size).toBeGreaterThan(saved.size);
    // The first detail stays; another member's unit and a removed one get nothing.
    expect(await store.attachItem(key, 1, { title: "别的" })).toBe(false);
    expect((await store.load(key, 1))?.item).toEqual({ title: "书名" });
    expect(await store.attachItem(key, 2, { title: "书名" })).toBe(false);
    await store.remove(key, 1);
    expect(await store.attachItem(key, 1, { title: "书名" })).toBe(false);
    expect(await store.load(key, 1)).toBeUndefined();
  });
});

describe("formatSize", () => {
  it("reads like a phone's storage screen", () => {
    expect(formatSize(980)).toBe("980 B");
    expect(formatSize(2048)).toBe("2 KB");
    expect(formatSize(1_258_291)).toBe("1.2 MB");
    expect(formatSize(150 * 1024 * 1024)).toBe("150 MB");
    expect(formatSize(3 * 1024 ** 3)).toBe("3 GB");
  });
});

describe("deviceOrGateway", () => {
  const unreachable = (e: unknown) => e instanceof Error && e.message === "network";
  const network = (online: boolean) => ({ online: () => online, unreachable });
  const fail = (message: string) => () => Promise.reject(new Error(message));

  it("reads the device first, with no call, when the network is known to be gone", async () => {
    let called = 0;
    const load = async () => (called++, "gateway");
    expect(await deviceOrGateway(network(false), async () => "device", load)).toBe("device");
    expect(called).toBe(0);
    expect(await deviceOrGateway(network(false), async () => undefined, load)).toBe("gateway");
  });

  it("answers the gateway when it answers, and the device only when the call fails for want of a network", async () => {
    expect(
      await deviceOrGateway(
        network(true),
        async () => "device",
        async () => "gateway",
      ),
    ).toBe("gateway");
    expect(await deviceOrGateway(network(true), async () => "device", fail("network"))).toBe("device");
    await expect(deviceOrGateway(network(true), async () => "device", fail("未购买"))).rejects.toThrow("未购买");
    await expect(deviceOrGateway(network(true), async () => undefined, fail("network"))).rejects.toThrow("network");
    await expect(deviceOrGateway(network(true), () => Promise.reject(new Error("broken store")), fail("network"))).rejects.toThrow("network");
  });
});
