import type { DB } from "#server/db/index.ts";
import { seedWholeItems } from "../whole-items-seed.ts";

export const SEEDED_GAMES = 20;
/** A priced game and a free one, for demos and tests. */
export const DEMO_GAME = { id: 34001, price: 20, freeId: 34004 } as const;

/** A game's play or download link: a neutral placeholder on the documentation domain. */
export const gameLink = (id: number) => `https://example.com/games/${id}`;

export async function seedGames(db: DB) {
  await seedWholeItems(db, {
    kind: "game",
    firstId: 34001,
    count: SEEDED_GAMES,
    categories: ["休闲", "益智", "模拟", "冒险"],
    tags: ["单机", "解谜", "经营", "跑酷", "卡牌", "像素", "策略", "养成"],
    title: (n, word) => `${word()}${word()}物语 ${n}`,
    images: (n) => ({ count: 3 + (n % 4), ratio: "16X9" }),
    coverRatio: "16X9",
    free: (n) => n % 4 === 0,
    price: (n) => 10 + (n % 5) * 10,
    media: gameLink,
  });
}
