import type { DB } from "#server/db/index.ts";
import { seedWholeItems } from "../whole-items-seed.ts";

export const SEEDED_GAMES = 20;
/** A priced game and a free one, for demos and tests. */
export const DEMO_GAME = { id: 34001, price: 20, freeId: 34004 } as const;

/** A game's play link as stored: the gateway's own demo game page (a path: the answer gives this origin's address). */
export const gameLink = (id: number) => `/media/game/${id}`;

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
  // A data folder seeded before decision 060 holds outside addresses for the demo games.
  await db.run("UPDATE items SET media = '/media/game/' || id WHERE kind = 'game' AND media LIKE 'https://example.com/games/%'");
}
