import { memo } from "react";
import { Link } from "react-router";
import type { DatingCard as Card } from "#gateway/api/dating.ts";
import { HeartIcon } from "#app/components/icons.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import "./dating.css";

/** The 官方认证 mark of a listing the platform checked. */
export function CertifiedMark() {
  return <span className="dating-certified">官方认证</span>;
}

/** One listing in a list: photo, name, area, price; never the contact details (the list has none). */
export const DatingCardRow = memo(function DatingCardRow({ card }: { card: Card }) {
  return (
    <Link className="dating-card" to={`/dating/detail?id=${card.id}`} aria-label={card.name}>
      <EncImage src={card.cover} ratio="3X4" alt={card.name} className="dating-card-cover" />
      <div className="dating-card-body">
        <p className="dating-card-title">
          <strong>{card.name}</strong>
          {card.certified ? <CertifiedMark /> : null}
        </p>
        <p className="dating-card-meta">
          {card.area}
          {card.age ? ` · ${card.age}岁` : ""}
          {card.rating ? ` · ${card.rating}分` : ""} · <HeartIcon />
          <span className="visually-hidden">点赞</span> {card.like_count}
        </p>
        <p className="dating-card-summary">{card.summary}</p>
        <p className="dating-card-price">{card.is_pay ? "已解锁" : `${card.price} 金币解锁`}</p>
      </div>
    </Link>
  );
});
