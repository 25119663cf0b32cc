import { audio, circle, comics, creators, games, news, novels, pictures, video, type Comment } from "#gateway/api/index.ts";
import type { Page, Paged } from "#gateway/api/types.ts";
import type { Endpoint } from "#gateway/client.ts";

/** A member's ♥ as the gateway answers it: on or off, and the new count. */
export type Liked = Pick<Comment, "is_like" | "like_count">;

/** The calls behind one kind's comments. */
export interface CommentCalls {
  list: Endpoint<{ id: number } & Page, Paged<Comment>, Paged<Comment>>;
  replies: Endpoint<{ comment_id: number } & Page, Paged<Comment>, Paged<Comment>>;
  /** Silent for a video's comment, a plain call (failures shown) for a headline's, as the product marks them. */
  like: Endpoint<{ comment_id: number }, Liked, Liked | undefined>;
  post: Endpoint<{ id: number; content: string; reply_to?: number }, Comment, Comment>;
  /** The longest comment (characters). */
  maxLength: number;
}

/** Every kind of item members comment on; a new kind is one entry. */
export const COMMENT_KINDS = {
  video: { list: video.comments, replies: video.replies, like: video.commentLike, post: video.comment, maxLength: video.MAX_COMMENT },
  headline: {
    list: creators.headlineComments,
    replies: creators.headlineReplies,
    like: creators.likeHeadlineComment,
    post: creators.commentHeadline,
    maxLength: creators.MAX_HEADLINE_COMMENT,
  },
  comic: { list: comics.comments, replies: comics.replies, like: comics.likeComment, post: comics.comment, maxLength: comics.MAX_COMIC_COMMENT },
  news: { list: news.comments, replies: news.replies, like: news.likeComment, post: news.comment, maxLength: news.MAX_NEWS_COMMENT },
  novel: { list: novels.comments, replies: novels.replies, like: novels.likeComment, post: novels.comment, maxLength: novels.MAX_NOVEL_COMMENT },
  post: { list: circle.replies, replies: circle.replyReplies, like: circle.praiseReply, post: circle.reply, maxLength: circle.MAX_REPLY },
  picture: { list: pictures.comments, replies: pictures.replies, like: pictures.likeComment, post: pictures.comment, maxLength: pictures.MAX_PICTURE_COMMENT },
  game: { list: games.comments, replies: games.replies, like: games.likeComment, post: games.comment, maxLength: games.MAX_GAME_COMMENT },
  audio: { list: audio.comments, replies: audio.replies, like: audio.likeComment, post: audio.comment, maxLength: audio.MAX_AUDIO_COMMENT },
} satisfies Record<string, CommentCalls>;

export type CommentKind = keyof typeof COMMENT_KINDS;

/** Why `content` (already trimmed) cannot be posted as a comment of `kind`, or null when it can. */
export function commentProblem(kind: CommentKind, content: string): string | null {
  const { maxLength } = COMMENT_KINDS[kind];
  if (!content) return "请输入评论内容";
  if (content.length > maxLength) return `评论最多 ${maxLength} 字`;
  return null;
}
