/**
 * lodash's `debounce` and `throttle` (4.17/4.18), which the build gives ahooks in their place (`leanLodashTimers` in
 * vite.config.ts, decision 096): the same algorithm without lodash's type checks and module wrappers. Options,
 * `cancel`, `flush` and the last result behave as lodash's (debounce.test.ts runs both side by side).
 */
export type DebounceOptions = { leading?: boolean; trailing?: boolean; maxWait?: number };
export type Debounced<A extends unknown[], R> = ((...args: A) => R | undefined) & { cancel(): void; flush(): R | undefined };

export function debounce<A extends unknown[], R>(func: (...args: A) => R, wait?: number, options?: DebounceOptions): Debounced<A, R> {
  if (typeof func != "function") throw new TypeError("Expected a function");
  const ms = Number(wait) || 0;
  const opts: DebounceOptions = options ?? {};
  const leading = !!opts.leading;
  const maxing = "maxWait" in opts;
  const maxWait = maxing ? Math.max(Number(opts.maxWait) || 0, ms) : 0;
  const trailing = "trailing" in opts ? !!opts.trailing : true;
  let lastArgs: A | undefined;
  let lastThis: unknown;
  let result: R | undefined;
  let timerId: ReturnType<typeof setTimeout> | undefined;
  let lastCallTime: number | undefined;
  let lastInvokeTime = 0;

  const invoke = (time: number) => {
    const args = lastArgs!;
    const self = lastThis;
    lastArgs = lastThis = undefined;
    lastInvokeTime = time;
    return (result = func.apply(self, args));
  };
  const shouldInvoke = (time: number) => {
    const sinceCall = time - lastCallTime!;
    // The first call, quiet for `wait`, the clock gone back, or `maxWait` reached.
    return lastCallTime === undefined || sinceCall >= ms || sinceCall < 0 || (maxing && time - lastInvokeTime >= maxWait);
  };
  const trailingEdge = (time: number) => {
    timerId = undefined;
    if (trailing && lastArgs) return invoke(time);
    lastArgs = lastThis = undefined;
    return result;
  };
  const timerExpired = () => {
    const time = Date.now();
    if (shouldInvoke(time)) return void trailingEdge(time);
    const waiting = ms - (time - lastCallTime!);
    timerId = setTimeout(timerExpired, maxing ? Math.min(waiting, maxWait - (time - lastInvokeTime)) : waiting);
  };

  function debounced(this: unknown, ...args: A) {
    const time = Date.now();
    const invoking = shouldInvoke(time);
    lastArgs = args;
    lastThis = this;
    lastCallTime = time;
    if (invoking) {
      if (timerId === undefined) {
        lastInvokeTime = time;
        timerId = setTimeout(timerExpired, ms);
        return leading ? invoke(time) : result;
      }
      if (maxing) {
        // Calls in a tight loop.
        clearTimeout(timerId);
        timerId = setTimeout(timerExpired, ms);
        return invoke(time);
      }
    }
    timerId ??= setTimeout(timerExpired, ms);
    return result;
  }
  debounced.cancel = () => {
    if (timerId !== undefined) clearTimeout(timerId);
    lastInvokeTime = 0;
    lastArgs = lastCallTime = lastThis = timerId = undefined;
  };
  debounced.flush = () => (timerId === undefined ? result : trailingEdge(Date.now()));
  return debounced;
}

/** lodash's `throttle`: a debounce whose `maxWait` is `wait`, leading by default. */
export function throttle<A extends unknown[], R>(func: (...args: A) => R, wait?: number, options?: Omit<DebounceOptions, "maxWait">): Debounced<A, R> {
  if (typeof func != "function") throw new TypeError("Expected a function");
  const opts = options ?? {};
  return debounce(func, wait, { leading: "leading" in opts ? !!opts.leading : true, maxWait: wait, trailing: "trailing" in opts ? !!opts.trailing : true });
}
