import { useEffect, type ReactNode } from "react";
import type { Paged } from "#gateway/api/types.ts";
import { FeedFrame } from "#app/components/feed-frame.tsx";
import { useWindowRows } from "#app/components/video/use-window-rows.ts";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import { usePaged } from "#app/features/paging/use-paged.ts";
import "./circle.css";

interface Props<T> {
  source: PagedSource<T>;
  initial?: Paged<T>;
  itemKey: (item: T) => string | number;
  /** One row: every row must lay out at the same height (the window's arithmetic counts on it). */
  renderItem: (item: T) => ReactNode;
  /** A row's height before one is measured (px). */
  estimate: number;
  emptyText?: string;
  label: string;
}

/**
 * An endless list of equal-height rows of which only those near the viewport are in the page (the news and the
 * circle's feeds: a long scroll keeps a few dozen nodes), with pull-to-refresh and its empty, error and end states.
 */
export function WindowedList<T>(props: Props<T>) {
  return <List key={props.source.key} {...props} />;
}

function List<T>({ source, initial, itemKey, renderItem, estimate, emptyText = "暂无内容", label }: Props<T>) {
  const { items, hasMore, error, loading, loadMore, retry, refresh } = usePaged(source, { initial, itemKey });
  const { listRef, measureRow, rowHeight, start, end } = useWindowRows(items.length, { estimate });
  useEffect(() => {
    if (hasMore && !loading && !error && end >= items.length - 2) void loadMore();
  }, [end, items.length, hasMore, loading, error, loadMore]);
  return (
    <FeedFrame itemCount={items.length} hasMore={hasMore} error={error} loading={loading} retry={retry} refresh={refresh} emptyText={emptyText}>
      <ul ref={listRef} className="windowed-list" aria-label={label} style={{ paddingTop: start * rowHeight, paddingBottom: Math.max(0, items.length - end) * rowHeight }}>
        {items.slice(start, end).map((item, i) => (
          <li key={itemKey(item)} ref={i === 0 ? measureRow : undefined} className="windowed-row">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </FeedFrame>
  );
}
