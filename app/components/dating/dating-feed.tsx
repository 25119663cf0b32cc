import { useEffect } from "react";
import type { DatingCard } from "#gateway/api/dating.ts";
import type { Paged } from "#gateway/api/types.ts";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import { usePaged } from "#app/features/paging/use-paged.ts";
import { useWindowRows } from "#app/components/video/use-window-rows.ts";
import { ListEnd } from "#app/components/list-end.tsx";
import { DatingCardRow } from "./dating-card.tsx";

const cardId = (c: DatingCard) => c.id;

/** An endless list of listings: only the rows near the viewport are in the DOM. Another source is another list. */
export function DatingFeed(props: { source: PagedSource<DatingCard>; initial?: Paged<DatingCard>; emptyText: string }) {
  return <Feed key={props.source.key} {...props} />;
}

function Feed({ source, initial, emptyText }: { source: PagedSource<DatingCard>; initial?: Paged<DatingCard>; emptyText: string }) {
  const { items, hasMore, error, loading, loadMore, retry } = usePaged(source, { initial, itemKey: cardId });
  const { listRef, measureRow, rowHeight, start, end } = useWindowRows(items.length, { estimate: 120 });
  useEffect(() => {
    if (hasMore && !loading && !error && end >= items.length - 1) void loadMore();
  }, [end, items.length, hasMore, loading, error, loadMore]);

  const rows = [];
  for (let i = start; i < end; i++) {
    rows.push(
      <li key={items[i]!.id} ref={i === start ? measureRow : undefined} className="dating-feed-row">
        <DatingCardRow card={items[i]!} />
      </li>,
    );
  }
  return (
    <>
      <ul ref={listRef} className="paged-list" style={{ paddingTop: start * rowHeight, paddingBottom: Math.max(0, items.length - end) * rowHeight }}>
        {rows}
      </ul>
      <ListEnd error={error} loading={loading} hasMore={hasMore} retry={retry} auto empty={items.length === 0} emptyText={emptyText} />
    </>
  );
}
