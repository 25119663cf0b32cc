import { describe, expect, it } from "vitest";
import { ADDRESS_LIMITS, judgeAttempt, LOGIN_FAILURE_WINDOW_MS, MAX_PHONE_HOLD_MS, MAX_WAIT_MS, PAIR_LIMITS, PHONE_HOLD_STEP_MS, PHONE_SLOWDOWN_AFTER, tryAgainMessage } from "./login-limits.ts";

const NOW = 1_800_000_000_000;
/** `n` failures, the newest `ago` ms before now and each earlier one a second before it. */
const failures = (n: number, ago = 0) => Array.from({ length: n }, (_, i) => NOW - ago - i * 1000);
const judge = (pair: number[], address: number[] = pair, phone = pair.length) => judgeAttempt({ pair, address, phone }, NOW);

describe("judgeAttempt", () => {
  it("answers the first wrong passwords of a pair at once, then waits doubling times, then refuses until the window frees one", () => {
    for (let n = 0; n < PAIR_LIMITS.free; n++) expect(judge(failures(n))).toEqual({ refused: false, holdMs: 0 });
    expect(judge(failures(PAIR_LIMITS.free))).toEqual({ refused: true, retryAt: NOW + PAIR_LIMITS.firstWaitMs, locked: false });
    expect(judge(failures(PAIR_LIMITS.free + 1))).toEqual({ refused: true, retryAt: NOW + 2 * PAIR_LIMITS.firstWaitMs, locked: false });
    // Once the wait has passed, the attempt goes on.
    expect(judge(failures(PAIR_LIMITS.free + 1, 2 * PAIR_LIMITS.firstWaitMs))).toEqual({ refused: false, holdMs: 0 });
    expect(judge(failures(PAIR_LIMITS.max - 1))).toMatchObject({ refused: true, retryAt: NOW + MAX_WAIT_MS, locked: false });
    const full = failures(PAIR_LIMITS.max, MAX_WAIT_MS);
    expect(judge(full)).toEqual({ refused: true, retryAt: full[PAIR_LIMITS.max - 1]! + LOGIN_FAILURE_WINDOW_MS, locked: true });
  });

  it("slows and refuses an address across phones later than a pair", () => {
    const many = failures(ADDRESS_LIMITS.free - 1);
    expect(judge([], many, 0)).toEqual({ refused: false, holdMs: 0 });
    expect(judge([], failures(ADDRESS_LIMITS.free), 0)).toEqual({ refused: true, retryAt: NOW + ADDRESS_LIMITS.firstWaitMs, locked: false });
    expect(judge([], failures(ADDRESS_LIMITS.max, MAX_WAIT_MS), 0)).toMatchObject({ refused: true, locked: true });
  });

  it("only holds a phone's attempts for its failures from elsewhere, never refuses them", () => {
    expect(judge([], [], PHONE_SLOWDOWN_AFTER - 1)).toEqual({ refused: false, holdMs: 0 });
    expect(judge([], [], PHONE_SLOWDOWN_AFTER)).toEqual({ refused: false, holdMs: PHONE_HOLD_STEP_MS });
    expect(judge([], [], 1000)).toEqual({ refused: false, holdMs: MAX_PHONE_HOLD_MS });
  });
});

describe("tryAgainMessage", () => {
  it("says seconds for a short wait and minutes for a long one or a lock", () => {
    expect(tryAgainMessage({ retryAt: NOW + 30_000, locked: false }, NOW)).toBe("密码错误次数较多，请 30 秒后再试");
    expect(tryAgainMessage({ retryAt: NOW + 120_000, locked: false }, NOW)).toBe("密码错误次数较多，请 2 分钟后再试");
    expect(tryAgainMessage({ retryAt: NOW + 61_000, locked: true }, NOW)).toBe("密码错误次数过多，请 2 分钟后再试");
  });
});
