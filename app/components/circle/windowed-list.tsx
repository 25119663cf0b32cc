import { useEffect, useState, type ReactNode } from "react";
import type { Paged } from "#gateway/api/types.ts";
import { FeedFrame } from "#app/components/feed-frame.tsx";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import { usePaged } from "#app/features/paging/use-paged.ts";
import { useMeasuredRows } from "./use-measured-rows.ts";
import "./circle.css";

interface Props<T> {
  source: PagedSource<T>;
  initial?: Paged<T>;
  itemKey: (item: T) => string | number;
  /** One row, as tall as its content: each row drawn is measured. */
  renderItem: (item: T) => ReactNode;
  /** A row's height before one of its kind is measured (px). */
  estimate: number;
  /** Rows of one kind are alike in height (a row not drawn yet counts as their average); one kind when not given. */
  rowKind?: (item: T) => string;
  emptyText?: string;
  label: string;
}

const oneKind = () => "";

/**
 * An endless list of rows of which only those near the viewport are in the page (the news and the
 * circle's feeds: a long scroll keeps a few dozen nodes), with pull-to-refresh and its empty, error and end states.
 */
export function WindowedList<T>(props: Props<T>) {
  return <List key={props.source.key} {...props} />;
}

function List<T>({ source, initial, itemKey, renderItem, estimate, rowKind = oneKind, emptyText = "暂无内容", label }: Props<T>) {
  const { items, hasMore, error, loading, loadMore, retry, refresh } = usePaged(source, { initial, itemKey });
  // As the source: the row key and kind it starts with serve the list's whole life (callers pass new functions each render).
  const [rows] = useState(() => ({ rowKey: itemKey, rowKind }));
  const { listRef, measureRow, start, end, before, after } = useMeasuredRows(items, { ...rows, estimate });
  useEffect(() => {
    if (hasMore && !loading && !error && end >= items.length - 2) void loadMore();
  }, [end, items.length, hasMore, loading, error, loadMore]);
  return (
    <FeedFrame itemCount={items.length} hasMore={hasMore} error={error} loading={loading} retry={retry} refresh={refresh} emptyText={emptyText}>
      <ul ref={listRef} className="windowed-list" aria-label={label} style={{ paddingTop: before, paddingBottom: after }}>
        {items.slice(start, end).map((item) => (
          <li key={itemKey(item)} data-row-key={itemKey(item)} ref={measureRow} className="windowed-row">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </FeedFrame>
  );
}
