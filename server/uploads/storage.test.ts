import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskStorage, type UploadStorage } from "./storage.ts";

let dataDir: string;
let root: string;
let storage: UploadStorage;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "gw-storage-"));
  root = join(dataDir, "uploads");
  storage = diskStorage(root);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (file: string | null) => readFileSync(file!, "utf8");

describe("diskStorage", () => {
  it("stores a file under a new name and resolves its public path to it", async () => {
    const path = await storage.store("images", "png", bytes("picture"));
    expect(path).toMatch(/^\/uploads\/images\/\d{6}\/[0-9a-f]{24}\.png$/);
    expect(await storage.store("images", "png", bytes("picture"))).not.toBe(path);
    const file = await storage.resolve(path);
    expect(file).toBe(join(root, path.slice("/uploads/".length)));
    expect(read(file)).toBe("picture");
  });

  it("writes chunks at their offsets in any order, resumes from what it holds, and finishes into a served file", async () => {
    expect(await storage.held("upload-01")).toEqual([]);
    expect(await storage.readMeta("upload-01")).toBeUndefined();
    expect(await storage.head("upload-01", 16)).toEqual(new Uint8Array(0));

    await storage.writeMeta("upload-01", { size: 11, name: "clip.mp4" });
    await storage.write("upload-01", 6, bytes("world"));
    await storage.write("upload-01", 0, bytes("he"));
    expect(await storage.held("upload-01")).toEqual([[0, 2], [6, 11]]);
    // A later storage on the same folder (a restarted process) sees the same upload.
    const again = diskStorage(root);
    expect(await again.held("upload-01")).toEqual([[0, 2], [6, 11]]);
    expect(await again.readMeta("upload-01")).toEqual({ size: 11, name: "clip.mp4" });
    await again.write("upload-01", 2, bytes("llo "));
    expect(await again.held("upload-01")).toEqual([[0, 11]]);
    expect(new TextDecoder().decode(await again.head("upload-01", 4))).toBe("hell");
    expect(new TextDecoder().decode(await again.head("upload-01", 64))).toBe("hello world");

    const path = await again.finish("upload-01", "videos", "mp4");
    expect(path).toMatch(/^\/uploads\/videos\/\d{6}\/[0-9a-f]{24}\.mp4$/);
    expect(read(await again.resolve(path))).toBe("hello world");
    expect(await again.held("upload-01")).toEqual([]);
    expect(readdirSync(join(root, "tmp"))).toEqual(["upload-01.json"]);
    // The meta outlives the bytes: a repeated request learns the path from it.
    await again.writeMeta("upload-01", { size: 11, name: "clip.mp4", path });
    expect(await again.readMeta("upload-01")).toEqual({ size: 11, name: "clip.mp4", path });
    expect(await diskStorage(root).readMeta("upload-01")).toEqual({ size: 11, name: "clip.mp4", path });
  });

  it("reads a part from before the record of ranges as held from byte 0, and a record cut short by a crash", async () => {
    mkdirSync(join(root, "tmp"), { recursive: true });
    writeFileSync(join(root, "tmp/legacy-01.part"), "hello ");
    expect(await storage.held("legacy-01")).toEqual([[0, 6]]);
    await storage.write("legacy-01", 6, bytes("world"));
    expect(await diskStorage(root).held("legacy-01")).toEqual([[0, 11]]);
    writeFileSync(join(root, "tmp/crashed-1.part"), "abcdef");
    writeFileSync(join(root, "tmp/crashed-1.ranges"), "0 2\n4 6\n2 ");
    expect(await storage.held("crashed-1")).toEqual([[0, 2], [4, 6]]);
  });

  it("never serves a partial upload, however the path is spelled", async () => {
    await storage.writeMeta("upload-02", { size: 10, name: "x.mp4" });
    await storage.write("upload-02", 0, bytes("part"));
    for (const p of [
      "/uploads/tmp/upload-02.part",
      "/uploads/tmp/upload-02.json",
      "/uploads/tmp/upload-02.ranges",
      "/uploads/TMP/upload-02.part",
      "/uploads/images/..%2ftmp%2fupload-02.part",
      "/uploads/images/../tmp/upload-02.json",
      "/uploads/%74mp/upload-02.part",
    ]) {
      expect(await storage.resolve(p), p).toBeNull();
    }
  });

  it("refuses paths outside the uploads folder and what is not a file", async () => {
    writeFileSync(join(dataDir, "gateway.sqlite"), "secret");
    mkdirSync(join(root, "images"), { recursive: true });
    for (const p of [
      "/uploads/../gateway.sqlite",
      "/uploads/..%2fgateway.sqlite",
      "/uploads/..%2f..%2fgateway.sqlite",
      "/uploads/%2e%2e/gateway.sqlite",
      "/uploads/%00",
      "/uploads/%E0%A4%A",
      "/uploads/",
      "/uploads/images",
      "/uploads/images/missing.png",
      "/gateway.sqlite",
      "/other/uploads/x.png",
    ]) {
      expect(await storage.resolve(p), p).toBeNull();
    }
  });

  it("refuses upload ids and extensions that could become paths", async () => {
    for (const id of ["../escape", "a/b", "", "x".repeat(65)]) {
      await expect(storage.write(id, 0, bytes("x")), id).rejects.toThrow(/upload id/);
      await expect(storage.held(id), id).rejects.toThrow(/upload id/);
      await expect(storage.readMeta(id), id).rejects.toThrow(/upload id/);
    }
    await expect(storage.store("images", "png/../../x", bytes("x"))).rejects.toThrow(/extension/);
  });

  it("runs one upload's calls one at a time, and other uploads alongside", async () => {
    const order: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      order.push(`${name} start`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${name} end`);
      return name;
    };
    const failing = storage.exclusive("same-id-1", async () => {
      await slow("a", 20)();
      throw new Error("a failed");
    });
    const done = await Promise.all([
      failing.catch((error: Error) => error.message),
      storage.exclusive("same-id-1", slow("b", 1)),
      storage.exclusive("other-id1", slow("c", 1)),
    ]);
    expect(done).toEqual(["a failed", "b", "c"]);
    // b waited for a (even though a failed); c did not wait for either.
    expect(order.indexOf("b start")).toBeGreaterThan(order.indexOf("a end"));
    expect(order.indexOf("c end")).toBeLessThan(order.indexOf("a end"));
  });
});
