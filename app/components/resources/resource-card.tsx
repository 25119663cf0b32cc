import { memo } from "react";
import { Link } from "react-router";
import type { ResourceItem } from "#gateway/api/resources.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { RESOURCE_KIND_NAMES } from "#app/features/resources/resource-kind-names.ts";
import { formatCount } from "#app/lib/format.ts";
import "./resources.css";

/** Price, VIP, bought and finished marks of an item; 已下架 on one taken down that the member keeps. */
export function ResourceMarks({ item }: { item: ResourceItem }) {
  const entry = RESOURCE_KIND_NAMES[item.kind];
  return (
    <>
      {item.off_shelf ? <span className="resource-mark is-off">已下架</span> : null}
      {item.is_pay ? <span className="resource-mark is-bought">已购</span> : item.coins > 0 ? <span className="resource-mark">{item.coins} 金币</span> : null}
      {item.vip_free ? <span className="resource-mark is-vip">VIP</span> : null}
      {entry.unit ? <span className="resource-mark is-state">{item.is_end ? "完结" : "连载"}</span> : null}
    </>
  );
}

/**
 * One item of any kind in a list: cover, title, tags, marks and counts, linking to its kind's detail screen.
 * Every card has the same height (the windowed list counts on it). `note` replaces the tags line (a followed
 * series' name).
 */
export const ResourceCard = memo(function ResourceCard({ item, note }: { item: ResourceItem; note?: string }) {
  const entry = RESOURCE_KIND_NAMES[item.kind];
  return (
    <Link className="resource-card" to={entry.detail(item.id)}>
      <EncImage className="resource-cover" src={item.cover} alt="" />
      <div className="resource-text">
        <h3 className="resource-title">{item.title}</h3>
        <p className="resource-tags">{note ?? item.tags.slice(0, 3).join(" · ")}</p>
        <p className="resource-meta">
          <ResourceMarks item={item} />
          <span>{formatCount(item.view_count)} 浏览</span>
          {entry.unit && item.unit_count > 0 ? (
            <span>
              {item.unit_count} {entry.unit}
            </span>
          ) : null}
        </p>
      </div>
    </Link>
  );
});
