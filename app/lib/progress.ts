import type { Progress } from "#gateway/api/resources.ts";

/** The newer of the position kept on this device and the one the gateway keeps (another device's): a book's, a novel's. */
export function newerProgress(local: Progress | null | undefined, remote: Progress | null | undefined): Progress | null {
  if (!local) return remote ?? null;
  if (!remote) return local;
  return remote.updated_at > local.updated_at ? remote : local;
}
