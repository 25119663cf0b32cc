import { Link } from "react-router";
import type { FollowedSeries, ResourceKind } from "#gateway/api/resources.ts";
import type { Paged } from "#gateway/api/types.ts";
import { WindowedList } from "#app/components/circle/windowed-list.tsx";
import { FavoriteGroups, groupEmptyText } from "#app/features/favorite/favorite-groups.tsx";
import { isGroupedKind } from "#app/features/favorite/favorite-kinds.ts";
import { favoriteSource, FOLLOW_KINDS, followSource, type MyResourceList } from "#app/features/resources/my-resource-lists.ts";
import { KIND_ORDER, RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import { ResourceCard } from "./resource-card.tsx";
import { ResourceFeed } from "./resource-feed.tsx";

/** The tabs /my/my-like adds for resources: `?list=` value and title. */
export const RESOURCE_LIST_TABS: { key: string; title: string }[] = [...KIND_ORDER.map((k) => ({ key: k, title: RESOURCE_KINDS[k].label })), { key: "follow", title: "关注" }];

function FollowedList({ kind, first }: { kind: ResourceKind | undefined; first: Paged<FollowedSeries> | undefined }) {
  const to = (k: ResourceKind | undefined) => `/my/my-like?list=follow${k ? `&kind=${k}` : ""}`;
  return (
    <>
      <nav className="feed-tools" aria-label="关注的类型">
        <Link to={to(undefined)} replace className={kind ? "" : "is-active"} aria-current={kind ? undefined : "true"}>
          全部
        </Link>
        {FOLLOW_KINDS.map((k) => (
          <Link key={k} to={to(k)} replace className={k === kind ? "is-active" : ""} aria-current={k === kind ? "true" : undefined}>
            {RESOURCE_KINDS[k].label}
          </Link>
        ))}
      </nav>
      <WindowedList<FollowedSeries>
        source={followSource(kind)}
        initial={first}
        itemKey={(s) => s.series_id}
        renderItem={(s) => <ResourceCard item={s.latest} note={`系列「${s.series_title}」· 共 ${s.item_count} 部`} />}
        estimate={120}
        emptyText={kind ? `还没有关注的${RESOURCE_KINDS[kind].label}` : "还没有关注的系列或作品"}
        label="关注的系列"
      />
    </>
  );
}

/** A resource list of /my/my-like: one kind's favourites, or the followed series. */
export function MyResourceListView({ data }: { data: MyResourceList }) {
  if (data.list === "follow") return <FollowedList kind={data.kind} first={data.first} />;
  const label = RESOURCE_KINDS[data.kind].label;
  const feed = <ResourceFeed source={favoriteSource(data.kind, data.group)} initial={data.first} emptyText={groupEmptyText(data.groups, data.group, label)} label={`收藏的${label}`} />;
  if (!isGroupedKind(data.kind)) return feed;
  return (
    <>
      <FavoriteGroups kind={data.kind} groups={data.groups} group={data.group} noun={label} />
      {feed}
    </>
  );
}
