import { Link } from "react-router";
import type { Headline } from "#gateway/api/index.ts";
import { HeartIcon, PlaysIcon } from "#app/components/icons.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { formatCount, formatTime } from "#app/lib/format.ts";
import "./headlines.css";

/** Thumbnails of a headline's images; a tap opens them all in the full-screen viewer at that image. */
export function ImageGrid({ images }: { images: Headline["images"] }) {
  if (!images.length) return null;
  const urls = images.map((i) => i.url);
  return (
    <div className={`image-grid n-${Math.min(images.length, 3)}`}>
      {images.map((img, i) => (
        <button
          type="button"
          key={img.url}
          className="image-grid-item"
          aria-label={`查看图片 ${i + 1}/${images.length}`}
          onClick={(e) => {
            e.stopPropagation();
            void previewImages(urls, i);
          }}
        >
          <EncImage src={img.url} ratio={images.length === 1 ? img.ratio : "1X1"} />
        </button>
      ))}
    </div>
  );
}

/** The video a circle post shares, as a link to its player. */
export function QuotedVideo({ quote }: { quote: Headline["quote"] }) {
  if (!quote) return null;
  return (
    <Link className="headline-quote" to={`/player?id=${quote.id}`} onClick={(e) => e.stopPropagation()}>
      <EncImage src={quote.cover} ratio={quote.cover_ratio} alt="" />
      <span>
        <PlaysIcon /> {quote.title}
      </span>
    </Link>
  );
}

export function HeadlineCard({ item, onOpen }: { item: Headline; onOpen: (id: number) => void }) {
  return (
    <article className="headline" onClick={() => onOpen(item.id)}>
      <h3>
        {/* The whole card opens the headline on a tap; the title is the control a keyboard or screen reader uses. */}
        <button type="button" className="text-button" onClick={(e) => (e.stopPropagation(), onOpen(item.id))}>
          {item.title}
        </button>
      </h3>
      <p>{item.excerpt}</p>
      <ImageGrid images={item.images} />
      <QuotedVideo quote={item.quote} />
      <p className="creator-meta">
        {formatTime(item.created_at)} · <HeartIcon />
        <span className="visually-hidden">点赞</span> {formatCount(item.like_count)} · 评论 {formatCount(item.comment_count)}
      </p>
    </article>
  );
}
