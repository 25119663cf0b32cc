import { accounts, audio, comics, games, news, novels, pictures, video, type FavoriteGroup } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";

/** A favourite as the gateway answers it: on or off, and the group it is filed in. */
export type Favorited = { is_favorite: number; group_id: number | null };

type Call<I, O> = Endpoint<I, O, O>;

/** The four calls of a kind's favourite groups: the member's groups, and making, renaming and deleting one. */
export interface GroupCalls {
  list: Call<void, FavoriteGroup[]>;
  create: Call<{ name: string }, FavoriteGroup>;
  update: Call<{ id: number; name: string }, FavoriteGroup>;
  remove: Call<{ id: number }, { ok: true }>;
}

/** The calls behind one kind's favourites. */
export interface FavoriteCalls {
  /** Files the item into a group, or toggles it without `group_id`. */
  toggle: Call<{ id: number; group_id?: number }, Favorited>;
  /** The member's favourite groups, to pick one from and to manage; a kind without groups has none. */
  groups?: GroupCalls;
}

const VIDEO_GROUPS: GroupCalls = { list: accounts.likeGroups, create: accounts.createLikeGroup, update: accounts.updateLikeGroup, remove: accounts.deleteLikeGroup };
const COMIC_GROUPS: GroupCalls = { list: comics.likeGroups, create: comics.createLikeGroup, update: comics.updateLikeGroup, remove: comics.deleteLikeGroup };

/** Every kind of item a member keeps; a new kind is one entry. */
export const FAVORITE_KINDS = {
  video: { toggle: video.favorite, groups: VIDEO_GROUPS },
  news: { toggle: news.favorite },
  comic: { toggle: comics.favorite, groups: COMIC_GROUPS },
  novel: { toggle: novels.favorite },
  picture: { toggle: pictures.favorite },
  game: { toggle: games.favorite },
  audio: { toggle: audio.favorite },
} satisfies Record<string, FavoriteCalls>;

export type FavoriteKind = keyof typeof FAVORITE_KINDS;

/** Kinds whose favourites are filed in groups. */
export type GroupedKind = { [K in FavoriteKind]: (typeof FAVORITE_KINDS)[K] extends { groups: GroupCalls } ? K : never }[FavoriteKind];

/** Whether a kind's favourites are filed in groups (its group calls are then `FAVORITE_KINDS[kind].groups`). */
export const isGroupedKind = (kind: FavoriteKind): kind is GroupedKind => Boolean((FAVORITE_KINDS[kind] as FavoriteCalls).groups);
