import type { ResourceItem } from "#gateway/api/resources.ts";
import type { Paged } from "#gateway/api/types.ts";
import { WindowedList } from "#app/components/circle/windowed-list.tsx";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import { ResourceCard } from "./resource-card.tsx";

/** Height of a card row before one is measured (px): the cover's 2.8rem at 39 px a rem, and the row's padding. */
const ROW_ESTIMATE = 120;

/** An endless, windowed list of resource cards with loading, empty, end, retry and pull-to-refresh. */
export function ResourceFeed({ source, initial, emptyText, label }: { source: PagedSource<ResourceItem>; initial?: Paged<ResourceItem>; emptyText: string; label: string }) {
  return (
    <WindowedList<ResourceItem>
      source={source}
      initial={initial}
      itemKey={(i) => i.id}
      renderItem={(i) => <ResourceCard item={i} />}
      estimate={ROW_ESTIMATE}
      emptyText={emptyText}
      label={label}
    />
  );
}
