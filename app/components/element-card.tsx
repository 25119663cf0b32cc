import { Link } from "react-router";
import type { Element } from "#gateway/api/index.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";

export function ElementCard({ element, to = `/series?id=${element.id}` }: { element: Element; to?: string }) {
  return (
    <Link className="element-card" to={to}>
      <EncImage src={element.cover} ratio="16X9" alt={element.title} />
      <h2>{element.title}</h2>
      <p>{element.description}</p>
    </Link>
  );
}
