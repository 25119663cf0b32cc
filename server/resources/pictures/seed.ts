import type { DB } from "#server/db/index.ts";
import { seedWholeItems } from "../whole-items-seed.ts";

export const SEEDED_PICTURE_SETS = 30;
/** A priced set with more pictures than the free ones, and a free set, for demos and tests. */
export const DEMO_PICTURE_SET = { id: 32001, price: 10, pictures: 15, freeId: 32003 } as const;

export async function seedPictures(db: DB) {
  await seedWholeItems(db, {
    kind: "picture",
    firstId: 32001,
    count: SEEDED_PICTURE_SETS,
    categories: ["风景", "城市", "静物", "插画"],
    tags: ["风景", "建筑", "黑白", "色彩", "极简", "光影", "自然", "街景"],
    series: { names: ["四季行记", "城市角落", "光影练习", "远方来信"], perSeries: 6 },
    title: (n, word) => `${word()}${word()} · 第 ${n} 辑`,
    images: (n) => ({ count: 8 + ((n * 7) % 33), ratio: n % 2 ? "3X4" : "4X3" }),
    coverRatio: "3X4",
    free: (n) => n % 3 === 0,
    price: (n) => 5 + (n % 6) * 5,
  });
}
