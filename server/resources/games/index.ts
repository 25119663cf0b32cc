import { games } from "#gateway/api/index.ts";
import type { Handler } from "#server/http/registry.ts";
import { wholeItemHandlers } from "../whole-items.ts";
import { gameHandlers, requireGame } from "./games.ts";

/** Games (issue 19): /api/porngame/*. */
export const gamesHandlers: Handler[] = [
  ...wholeItemHandlers("game", games, { noun: "游戏", screen: "/game/detail", maxComment: games.MAX_GAME_COMMENT, requireItem: requireGame }),
  ...gameHandlers,
];
