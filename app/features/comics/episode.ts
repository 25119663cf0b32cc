import type { ComicEpisodeRead } from "#gateway/api/comics.ts";
import { comics } from "#gateway/api/index.ts";
import { withOffline } from "#app/features/offline/offline-access.ts";
import { api } from "#app/lib/gateway.ts";
import { imageLoader } from "#app/lib/images.ts";

// An episode's pages, loaded in one place: the reader calls these, and saving an episode for offline use wraps
// them (decision 042).

/** The reader's screen for one episode (decision 042). */
export const episodePath = (comic: number, episode: number) => `/cartoon/cartoon-read?id=${comic}&episode=${episode}`;

/** One episode of comic `id`: its pages (encrypted image addresses), or locked with no pages. */
export function loadEpisode(id: number, episode: number): Promise<ComicEpisodeRead> {
  // With no network, the copy saved for offline reading; its pages come from the device too (decision 046).
  return withOffline({ kind: "comic", itemId: id, unitId: episode }, () => api(comics.read, { id, episode_id: episode }));
}

/**
 * A page fetched and decrypted by the page worker, off the main thread: a blob: URL that only the caller holds.
 * Give it back with `releasePage` once the page leaves the window, so decoded pages stay bounded.
 */
export function decodePage(url: string): Promise<string> {
  return imageLoader().loadOwned(url);
}

export function releasePage(url: string): void {
  imageLoader().release(url);
}
