import { createRequire } from "node:module";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce, throttle, type DebounceOptions } from "./debounce.ts";

// lodash's own functions, which the build replaces with ours (decision 096).
const require = createRequire(import.meta.url);
const lodash = { debounce: require("lodash/debounce") as typeof debounce, throttle: require("lodash/throttle") as typeof throttle };

type Step = { at: number; op: "call" | "cancel" | "flush" | "back"; arg: number };

/** A scenario of calls, cancels, flushes and clock changes, the same for both implementations. */
function scenario(seed: number, length: number): Step[] {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let at = 0;
  return Array.from({ length }, (_, arg) => {
    at += [0, 1, 5, 20, 50, 99, 100, 101, 150, 400][Math.floor(random() * 10)]!;
    const r = random();
    return { at, arg, op: r < 0.8 ? "call" : r < 0.88 ? "flush" : r < 0.96 ? "cancel" : "back" };
  });
}

/** What a debounced function did: each call's result, each invocation's time, arguments and `this`. */
function run(make: (func: (arg: number) => string) => ReturnType<typeof debounce<[number], string>>, steps: Step[]) {
  vi.setSystemTime(1_000_000);
  const start = Date.now();
  const log: unknown[] = [];
  // lodash's sloppy-mode module sees a call without `this` as the global object, ours as undefined: only the owner is compared.
  const func = function (this: unknown, arg: number) {
    log.push(["invoke", Date.now() - start, arg, this === owner]);
    return `r${arg}`;
  };
  const fn = make(func);
  const owner = { fn };
  let elapsed = 0;
  let skew = 0;
  for (const step of steps) {
    vi.advanceTimersByTime(step.at - elapsed);
    elapsed = step.at;
    if (step.op === "call") log.push(["call", step.arg, step.arg % 2 ? owner.fn(step.arg) : fn.call(undefined, step.arg)]);
    else if (step.op === "flush") log.push(["flush", fn.flush()]);
    else if (step.op === "cancel") fn.cancel();
    else {
      // The system clock set back: lodash takes it as the trailing edge.
      skew += 500;
      vi.setSystemTime(Date.now() - 500);
    }
  }
  vi.advanceTimersByTime(5000);
  log.push(["end", fn.flush(), skew]);
  return log;
}

const OPTIONS: (DebounceOptions | undefined)[] = [
  undefined,
  {},
  { leading: true },
  { leading: true, trailing: false },
  { leading: false, trailing: false },
  { trailing: false },
  { maxWait: 150 },
  { maxWait: 50 },
  { leading: true, maxWait: 250 },
  { leading: true, trailing: true, maxWait: 0 },
  { trailing: false, maxWait: 200 },
];
const WAITS = [0, 1, 100];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("debounce and throttle behave as lodash's", () => {
  it("debounce: every option set, wait and scenario", () => {
    for (const options of OPTIONS) {
      for (const wait of WAITS) {
        for (let seed = 1; seed <= 40; seed++) {
          const steps = scenario(seed, 60);
          const ours = run((f) => debounce(f, wait, options), steps);
          const theirs = run((f) => lodash.debounce(f, wait, options), steps);
          expect(ours, JSON.stringify({ options, wait, seed })).toEqual(theirs);
        }
      }
    }
  });

  it("throttle: every option set, wait and scenario", () => {
    for (const options of [undefined, {}, { leading: false }, { trailing: false }, { leading: false, trailing: false }, { leading: true, trailing: true }]) {
      for (const wait of [...WAITS, undefined]) {
        for (let seed = 1; seed <= 40; seed++) {
          const steps = scenario(seed, 60);
          const ours = run((f) => throttle(f, wait, options), steps);
          const theirs = run((f) => lodash.throttle(f, wait, options), steps);
          expect(ours, JSON.stringify({ options, wait, seed })).toEqual(theirs);
        }
      }
    }
  });

  it("as ahooks calls them: the options object carries its own `wait`", () => {
    const options = { wait: 100, leading: true, trailing: true } as DebounceOptions;
    const steps = scenario(7, 80);
    expect(run((f) => throttle(f, 100, options), steps)).toEqual(run((f) => lodash.throttle(f, 100, options), steps));
    expect(run((f) => debounce(f, 100, options), steps)).toEqual(run((f) => lodash.debounce(f, 100, options), steps));
  });

  it("a call from inside the function, and a flush there", () => {
    const pairs = [
      [debounce, lodash.debounce],
      [throttle, lodash.throttle],
    ] as const;
    for (const [ours, theirs] of pairs) {
      const trace = (impl: typeof debounce) => {
        vi.setSystemTime(0);
        const log: unknown[] = [];
        let depth = 0;
        const fn = impl(
          (n: number) => {
            log.push(["in", n, Date.now()]);
            if (depth++ < 3) log.push(["inner", fn(n + 10), fn.flush()]);
            return n;
          },
          50,
          { leading: true, maxWait: 80 },
        );
        for (let i = 0; i < 6; i++) {
          log.push(["out", fn(i)]);
          vi.advanceTimersByTime(30);
        }
        vi.advanceTimersByTime(500);
        return log;
      };
      expect(trace(ours)).toEqual(trace(theirs));
    }
  });

  it("rejects what is not a function, as lodash does", () => {
    expect(() => debounce(1 as never)).toThrow(TypeError);
    expect(() => throttle(null as never)).toThrow(TypeError);
    expect(() => lodash.debounce(1 as never)).toThrow(TypeError);
  });
});
