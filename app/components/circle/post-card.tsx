import { memo } from "react";
import { Link } from "react-router";
import type { CirclePost } from "#gateway/api/circle.ts";
import { PlaysIcon } from "#app/components/icons.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { formatCount, formatTime } from "#app/lib/format.ts";
import "./circle.css";

/** Pictures a card shows; the rest are counted (+N). A card without pictures shows more lines of text instead (circle.css). */
const CARD_PICTURES = 3;

/** A circle post in a feed: author, the first lines, up to three pictures, and its time and counts. */
export const PostCard = memo(function PostCard({ post }: { post: CirclePost }) {
  const more = post.images.length - CARD_PICTURES;
  const pictured = isPictured(post);
  return (
    <Link className={pictured ? "post-card" : "post-card is-text"} to={`/post/detail?id=${post.id}`}>
      <div className="post-card-head">
        <EncImage className="post-avatar" src={post.creator.avatar_url} ratio="1X1" alt="" />
        <span className="post-author">{post.creator.nickname}</span>
      </div>
      <p className="post-excerpt">
        {post.is_request ? <span className="post-badge">求片{post.coins ? ` · 悬赏 ${post.coins} 金币` : ""}</span> : null}
        {post.essence ? <span className="post-badge is-essence">精华</span> : null}
        {post.excerpt}
      </p>
      {pictured ? (
        <div className="post-card-pictures">
          {post.images.slice(0, CARD_PICTURES).map((img, i) => (
            <EncImage key={img.url} src={img.url} ratio="1X1" alt={`图片 ${i + 1}`} />
          ))}
          {more > 0 ? <span className="post-more">+{more}</span> : null}
          {post.video ? <span className="post-has-video">
              <PlaysIcon /> 视频
            </span> : null}
        </div>
      ) : null}
      <p className="post-counts">
        <span className="post-time">{formatTime(post.created_at)}</span>
        {post.topic ? <span className="post-topic">#{post.topic.title}</span> : null}
        <span>{formatCount(post.view_count)} 浏览</span>
        <span>{formatCount(post.reply_count)} 回复</span>
      </p>
    </Link>
  );
});

/** Whether a post's card has a picture area: the feed's two kinds of card, of different heights. */
export const isPictured = (post: CirclePost) => post.images.length > 0 || Boolean(post.video);
