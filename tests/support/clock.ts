import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_CLOCK_FILE } from "#server/clock.ts";
import type { TestGateway } from "./gateway.ts";

/** The env that lets a test move the server's clock (server/clock.ts, decision 064): give it to every process. */
export const MOVABLE_CLOCK = { GATEWAY_TEST_CLOCK: "1" } as const;

/**
 * The clock of every gateway process on `gw`'s data folder, moved forward by whole days at a time; `now()` is
 * what their clock says.
 */
export function movableClock(gw: TestGateway) {
  let offset = 0;
  return {
    forward(days: number) {
      offset += days * 86_400_000;
      writeFileSync(join(gw.dataDir, TEST_CLOCK_FILE), String(offset));
    },
    now: () => Date.now() + offset,
  };
}
