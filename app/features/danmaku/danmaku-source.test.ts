import { describe, expect, it } from "vitest";
import { createDanmakuSource, windowsAt, type SourceBullet } from "./danmaku-source.ts";

/** A loader whose answers the test gives, one window at a time. */
function loader() {
  const asked: { from: number; to: number; answer: (list: SourceBullet[] | undefined) => void; fail: () => void }[] = [];
  const load = (from: number, to: number) =>
    new Promise<SourceBullet[] | undefined>((answer, fail) => asked.push({ from, to, answer, fail: () => fail(new Error("网络连接失败")) }));
  return { asked, load };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("windows of time", () => {
  it("are 60 s long; the next is wanted in the last 20 s of one", () => {
    expect(windowsAt(0)).toEqual([0]);
    expect(windowsAt(39.9)).toEqual([0]);
    expect(windowsAt(40)).toEqual([0, 1]);
    expect(windowsAt(61)).toEqual([1]);
    expect(windowsAt(119)).toEqual([1, 2]);
    expect(windowsAt(-3)).toEqual([0]);
  });
});

describe("a video's bullets", () => {
  it("asks each window once, keeps it, and asks the next ahead of time", async () => {
    const { asked, load } = loader();
    const source = createDanmakuSource(load);
    source.need(0);
    source.need(5);
    expect(asked.map((a) => [a.from, a.to])).toEqual([[0, 60]]);
    asked[0]!.answer([{ id: 1, time: 3 }]);
    await settle();
    source.need(45);
    expect(asked.map((a) => [a.from, a.to])).toEqual([[0, 60], [60, 120]]);
    asked[1]!.answer([{ id: 2, time: 70 }]);
    await settle();
    // A seek back to a loaded window asks nothing.
    source.need(10);
    expect(asked).toHaveLength(2);
    expect(source.items().map((b) => b.id)).toEqual([1, 2]);
  });

  it("keeps one bullet per id, whichever way it came", async () => {
    const { asked, load } = loader();
    const source = createDanmakuSource(load);
    let told = 0;
    source.subscribe(() => told++);
    source.add({ id: 7, time: 12 });
    source.need(0);
    asked[0]!.answer([{ id: 7, time: 12 }, { id: 8, time: 13 }, { id: 8, time: 13 }]);
    await settle();
    expect(source.items().map((b) => b.id).sort()).toEqual([7, 8]);
    const before = source.items();
    expect(told).toBe(2);
    expect(source.items()).toBe(before);
  });

  it("asks a failed window again, but not before a while has passed", async () => {
    const { asked, load } = loader();
    let clock = 0;
    const source = createDanmakuSource(load, () => clock);
    source.need(0);
    asked[0]!.fail();
    await settle();
    expect(source.windows().get(0)).toBe("failed");
    source.need(1);
    expect(asked).toHaveLength(1);
    clock = 10_000;
    source.need(2);
    expect(asked).toHaveLength(2);
    // A silent call answers nothing on failure.
    asked[1]!.answer(undefined);
    await settle();
    expect(source.windows().get(0)).toBe("failed");
    clock = 20_000;
    source.need(2);
    asked[2]!.answer([{ id: 1, time: 1 }]);
    await settle();
    expect(source.windows().get(0)).toBe("loaded");
    expect(source.items()).toHaveLength(1);
  });
});
