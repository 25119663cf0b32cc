import { memo } from "react";
import { Link } from "react-router";
import type { NewsItem } from "#gateway/api/news.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { formatCount, formatTime } from "#app/lib/format.ts";
import "#app/components/circle/circle.css";

/** One article in a list: cover, title, time and counts; a price when the paid part is not the member's yet. */
export const NewsRow = memo(function NewsRow({ item }: { item: NewsItem }) {
  return (
    <Link className="news-row" to={`/scandalous/detail?id=${item.id}`}>
      <EncImage className="news-cover" src={item.cover} ratio="16X9" alt="" />
      <div className="news-text">
        <h3 className="news-title">{item.title}</h3>
        <p className="news-meta">
          <span>{formatTime(item.created_at)}</span>
          <span>{formatCount(item.view_count)} 阅读</span>
          <span>{formatCount(item.comment_count)} 评论</span>
          {item.coins > 0 && !item.can_read ? <span className="price-badge">{item.coins} 金币</span> : null}
        </p>
      </div>
    </Link>
  );
});
