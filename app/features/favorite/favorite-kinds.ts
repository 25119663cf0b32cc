import { accounts, audio, comics, games, news, novels, pictures, video, type FavoriteGroup } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";

/** A favourite as the gateway answers it: on or off, and the group it is filed in. */
export type Favorited = { is_favorite: number; group_id: number | null };

/** The calls behind one kind's favourites. */
export interface FavoriteCalls {
  /** Files the item into a group, or toggles it without `group_id`. */
  toggle: Endpoint<{ id: number; group_id?: number }, Favorited, Favorited>;
  /** The member's favourite groups, to pick one from; a kind without groups has none. */
  groups?: Endpoint<void, FavoriteGroup[], FavoriteGroup[]>;
}

/** Every kind of item a member keeps; a new kind is one entry. */
export const FAVORITE_KINDS = {
  video: { toggle: video.favorite, groups: accounts.likeGroups },
  news: { toggle: news.favorite },
  comic: { toggle: comics.favorite, groups: comics.likeGroups },
  novel: { toggle: novels.favorite },
  picture: { toggle: pictures.favorite },
  game: { toggle: games.favorite },
  audio: { toggle: audio.favorite },
} satisfies Record<string, FavoriteCalls>;

export type FavoriteKind = keyof typeof FAVORITE_KINDS;
