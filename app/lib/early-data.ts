/**
 * First-screen data started before React Router runs (decisions 014 and 023): early-start.ts starts a
 * section's calls while React DOM is still on its way; the route's loader takes the result.
 */
const EARLY_TTL_MS = 10_000;
const started = new Map<string, { at: number; data: Promise<unknown> }>();
/** Keys a loader has asked for: an early start that comes after its loader (a slow chunk) has no one to take it. */
const taken = new Set<string>();

/** Starts `load` under `key` unless it is already under way, or its loader has already asked. */
export function startEarly(key: string, load: () => Promise<unknown>) {
  if (started.has(key) || taken.has(key)) return;
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
  taken.add(key);
  return early && Date.now() - early.at < EARLY_TTL_MS ? (early.data as Promise<T>).catch(() => load()) : load();
}
