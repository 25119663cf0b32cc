import * as games from "#gateway/api/games.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, firstImage, ifId } from "../early-calls.ts";

export const gameCalls = early("/game/detail", (id: number) =>
  Promise.all(
    together(() => [
      api(games.detail, { id }).then((game) => (firstImage(game.images[0] ?? game.cover), game)),
      api(games.comments, { id, page: 1, limit: 20 }),
    ]),
  ),
);

export const startFrom = (q: URLSearchParams) => ifId(q, "id", gameCalls.start);
