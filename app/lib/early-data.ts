/**
 * First-screen data started before React Router runs (decisions 014 and 023): early-start.ts starts a
 * section's calls while React DOM is still on its way; the route's loader takes the result.
 */
const EARLY_TTL_MS = 10_000;
const started = new Map<string, { at: number; data: Promise<unknown> }>();

/** Starts `load` under `key` unless it is already under way. */
export function startEarly(key: string, load: () => Promise<unknown>) {
  if (started.has(key)) return;
  const data = load();
  data.catch(() => undefined); // the route's loader sees the failure
  started.set(key, { at: Date.now(), data });
}

/**
 * The data started under `key` (once, and only while fresh), or a new `load()`. An early start that failed is
 * asked again, as the loader would have asked it: the line may have come back since (decision 088).
 */
export function takeEarly<T>(key: string, load: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  return early && Date.now() - early.at < EARLY_TTL_MS ? (early.data as Promise<T>).catch(() => load()) : load();
}
