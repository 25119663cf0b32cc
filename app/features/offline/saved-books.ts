import type { ComicDetail, ComicEpisodeRead } from "#gateway/api/comics.ts";
import type { Comment } from "#gateway/api/content-types.ts";
import type { Novel, NovelChapter, NovelDetail } from "#gateway/api/novels.ts";
import type { ResourceUnit } from "#gateway/api/resources.ts";
import type { Paged } from "#gateway/api/types.ts";
import { NO_COMMENTS } from "#app/features/comments/no-comments.ts";
import type { SavedUnit } from "./offline-store.ts";

// A novel's or a comic's screen with no network, from the chapters or episodes the member saved (decision 046):
// the detail kept with the newest of them, only those units (the others cannot open offline), no comments.

/** The detail kept with the newest saved unit that has one (units saved before details were kept have none). */
function newestItem<T>(units: SavedUnit[]): T | undefined {
  const withItem = units.filter((u) => u.item !== undefined);
  if (!withItem.length) return undefined;
  return withItem.reduce((a, b) => (b.savedAt > a.savedAt ? b : a)).item as T;
}

const paged = <T>(list: T[]): Paged<T> => ({ list, page: 1, limit: list.length, total: list.length, has_more: false });

export function savedNovel(units: SavedUnit[]): { novel: NovelDetail; chapters: Paged<ResourceUnit>; recommended: Novel[]; comments: Paged<Comment> } | undefined {
  const novel = newestItem<NovelDetail>(units);
  if (!novel) return undefined;
  const chapters = units
    .map((u) => u.data as NovelChapter)
    .map(({ id, item_id, seq, title, coins, vip_free }): ResourceUnit => ({ id, item_id, seq, title, coins, vip_free, can_open: 1 }))
    .sort((a, b) => a.seq - b.seq);
  return { novel, chapters: paged(chapters), recommended: [], comments: NO_COMMENTS };
}

export function savedComic(units: SavedUnit[]): { comic: ComicDetail; episodes: ResourceUnit[]; comments: Paged<Comment> } | undefined {
  const detail = newestItem<{ comic: ComicDetail }>(units);
  if (!detail) return undefined;
  const episodes = units.map((u) => ({ ...(u.data as ComicEpisodeRead).episode, can_open: 1 })).sort((a, b) => a.seq - b.seq);
  return { comic: detail.comic, episodes, comments: NO_COMMENTS };
}
