/**
 * `load` asked once: the same promise every time, a failed load asked again the next time. A `React.lazy` over it
 * draws at once when a loader has awaited it first; over a fresh `import()` of the loaded module it still showed its
 * Suspense fallback for a frame (decision 109).
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
