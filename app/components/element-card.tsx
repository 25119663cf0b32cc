import { Link } from "react-router";
import type { Compilation, Element } from "#gateway/api/index.ts";
import { DottedText } from "#app/components/dotted.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import "./element-card.css";

export function ElementCard({ element, to = `/series?id=${element.id}` }: { element: Element; to?: string }) {
  return (
    <Link className="element-card" to={to}>
      <EncImage src={element.cover} ratio="16X9" alt={element.title} />
      <h2>{element.title}</h2>
      <p>
        <DottedText text={element.description} />
      </p>
    </Link>
  );
}

/** A creator's compilation, opening its detail page. */
export function CompilationCard({ compilation: c }: { compilation: Compilation }) {
  return (
    <ElementCard
      element={{ id: c.id, title: c.title, cover: c.cover, video_count: c.video_count, description: `${c.creator.nickname} · ${c.video_count} 个视频` }}
      to={`/home/collect-detail?id=${c.id}`}
    />
  );
}
