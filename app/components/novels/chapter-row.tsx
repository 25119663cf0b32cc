import { Link } from "react-router";
import type { ResourceUnit } from "#gateway/api/resources.ts";
import { LockIcon } from "#app/components/icons.tsx";
import "./novels.css";

/** One chapter in a list: its title, and a lock with its price (or VIP) while the member may not open it. */
export function ChapterRow({ unit, current = false }: { unit: ResourceUnit; current?: boolean }) {
  return (
    <Link className={`chapter-row${current ? " is-current" : ""}`} to={`/novel/reader?id=${unit.item_id}&chapter=${unit.id}`} aria-current={current ? "true" : undefined}>
      <span className="chapter-title">{unit.title}</span>
      {unit.can_open ? null : (
        <span className="chapter-lock" aria-label={unit.vip_free && !unit.coins ? "VIP 章节" : `需 ${unit.coins} 金币`}>
          <LockIcon /> {unit.vip_free && !unit.coins ? "VIP" : `${unit.coins} 金币`}
          {unit.vip_free && unit.coins ? " · VIP 免费" : ""}
        </span>
      )}
    </Link>
  );
}
