import { audio, comics, creators, dating, games, novels, pictures, video } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";
import { COMMENT_KINDS, type CommentKind, type Liked } from "#app/features/comments/comment-kinds.ts";

type LikeEndpoint<I> = Endpoint<I, Liked, Liked | undefined>;

/** Items a member likes by their id; a new kind is one entry. */
export const ITEM_LIKES = {
  video: video.like,
  headline: creators.likeHeadline,
  dating: dating.toggleLike,
  comic: comics.like,
  novel: novels.like,
  picture: pictures.like,
  game: games.like,
  audio: audio.like,
} satisfies Record<string, LikeEndpoint<{ id: number }>>;

/**
 * What a ♥ is given to: an item of a kind, or a comment on one (`video-comment`), whose call is its comment
 * kind's `like`: a kind with comments has comment likes without an entry here.
 */
export type LikeKind = keyof typeof ITEM_LIKES | `${CommentKind}-comment`;

/** One like to send: the call and its input. */
export type LikeRequest = { call: LikeEndpoint<{ id: number }>; input: { id: number } } | { call: LikeEndpoint<{ comment_id: number }>; input: { comment_id: number } };

/** The like of the item or comment `id` of `kind`, or null for a kind nobody likes. */
export function likeRequest(kind: string, id: number): LikeRequest | null {
  if (Object.hasOwn(ITEM_LIKES, kind)) return { call: ITEM_LIKES[kind as keyof typeof ITEM_LIKES], input: { id } };
  const commented = kind.replace(/-comment$/, "");
  if (commented !== kind && Object.hasOwn(COMMENT_KINDS, commented)) return { call: COMMENT_KINDS[commented as CommentKind].like, input: { comment_id: id } };
  return null;
}
