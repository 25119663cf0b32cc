import { describe, expect, it } from "vitest";
import type { SavedUnit } from "./offline-store.ts";
import { savedComic, savedNovel } from "./saved-books.ts";

const unit = (unitId: number, savedAt: number, data: unknown, item?: unknown): SavedUnit => ({
  kind: "novel",
  itemId: 7,
  unitId,
  owner: 1,
  title: `第 ${unitId} 章`,
  href: "",
  data,
  ...(item === undefined ? {} : { item }),
  files: [],
  size: 0,
  savedAt,
});
const chapter = (id: number, seq: number) => ({ id, item_id: 7, seq, title: `第${seq}章`, coins: 5, vip_free: 0, locked: 0, content: "…" });

describe("a book's screen from its saved units", () => {
  it("takes the newest kept detail and lists the saved chapters in order, all open", () => {
    const screen = savedNovel([unit(12, 300, chapter(12, 3), { id: 7, title: "新" }), unit(10, 100, chapter(10, 1), { id: 7, title: "旧" }), unit(11, 200, chapter(11, 2))]);
    expect(screen?.novel).toEqual({ id: 7, title: "新" });
    expect(screen?.chapters.list.map((c) => [c.id, c.can_open])).toEqual([
      [10, 1],
      [11, 1],
      [12, 1],
    ]);
    expect(screen?.comments.list).toEqual([]);
  });

  it("makes no screen from units saved before details were kept", () => {
    expect(savedNovel([unit(10, 100, chapter(10, 1))])).toBeUndefined();
    expect(savedComic([unit(10, 100, { episode: { id: 10, seq: 1 } })])).toBeUndefined();
  });

  it("lists a comic's saved episodes only, open", () => {
    const screen = savedComic([unit(21, 2, { episode: { id: 21, seq: 2, can_open: 0 } }, { comic: { id: 3 }, episodes: [] }), unit(20, 1, { episode: { id: 20, seq: 1, can_open: 1 } })]);
    expect(screen?.comic).toEqual({ id: 3 });
    expect(screen?.episodes.map((e) => [e.id, e.can_open])).toEqual([
      [20, 1],
      [21, 1],
    ]);
  });
});
