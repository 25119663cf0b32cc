import { readFileSync } from "node:fs";
import { join } from "node:path";

// The server's one clock (decision 064): what decides VIP, expiries, orders and codes reads `clock.now()`, never
// `Date.now()`, so a test can move time. Moved only when GATEWAY_TEST_CLOCK is set: then the offset (ms, may be
// negative) is read on every call from `{DATA_DIR}/test-clock`, a file every gateway process on that data folder
// sees at once, so two processes agree without a call of their own. Production refuses the variable (env.ts).

/** The file, under the data folder, holding the test clock's offset in milliseconds. */
export const TEST_CLOCK_FILE = "test-clock";

let offsetFile: string | undefined;

export const clock = {
  /** Milliseconds since the epoch, as the server's clock says. */
  now(): number {
    return offsetFile === undefined ? Date.now() : Date.now() + readOffset(offsetFile);
  },
};

function readOffset(file: string): number {
  try {
    const offset = Number(readFileSync(file, "utf8").trim());
    return Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}

/** `YYYY-MM-DD hh:mm:ss` in UTC, the protocol's time format. */
export const isoDate = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19);

/** The clock the gateway on `dataDir` runs on: the system's, or with `movable`, the test clock. */
export function useClock(dataDir: string, movable: boolean): void {
  offsetFile = movable ? join(dataDir, TEST_CLOCK_FILE) : undefined;
}
