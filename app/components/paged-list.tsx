import { useEffect, useState, type ReactNode } from "react";
import type { Paged } from "#gateway/api/types.ts";
import { ListEnd } from "#app/components/list-end.tsx";
import { ErrorBlock } from "#app/components/kit/error-block.tsx";
import { PullRefreshOnTouch } from "#app/components/pull-refresh-on-touch.tsx";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import { usePaged } from "#app/features/paging/use-paged.ts";

interface Props<T> {
  source: PagedSource<T>;
  /** The source's first page, from the route's clientLoader; without it the list loads its first page itself. */
  initial?: Paged<T>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  emptyText?: string;
  /** Below the empty state's text: where to go from an empty list (a link). */
  emptyAction?: ReactNode;
  /** `grid`: three columns, for portrait cards (small videos). */
  layout?: "list" | "grid";
}

/** A list with pull-to-refresh (from the first touch) and infinite scroll, and its empty, error and end-of-list states. Another source is another list. */
export function PagedList<T>(props: Props<T>) {
  return <List key={props.source.key} {...props} />;
}

function List<T>({ source, initial, renderItem, itemKey, emptyText = "暂无内容", emptyAction, layout = "list" }: Props<T>) {
  const list = usePaged(source, { initial, itemKey });
  const [end, setEnd] = useState<HTMLElement | null>(null);
  const near = useNear(end);
  const { hasMore, loading, error, loadMore } = list;
  // The next page while the list's end is near, again after each page as long as it still is.
  useEffect(() => {
    if (near && hasMore && !loading && !error) void loadMore();
  }, [near, hasMore, loading, error, loadMore]);
  return (
    <PullRefreshOnTouch onRefresh={list.refresh}>
      {list.items.length === 0 && !list.hasMore ? (
        <ErrorBlock status="empty" title={emptyText} description="">
          {emptyAction}
        </ErrorBlock>
      ) : (
        <ul className={layout === "grid" ? "paged-list is-grid" : "paged-list"}>
          {list.items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      <ListEnd ref={setEnd} className="paged-list-end" error={list.error} loading={loading} hasMore={hasMore} retry={list.retry} auto empty={list.items.length === 0} />
    </PullRefreshOnTouch>
  );
}

/** Whether `el` is in the viewport or within 250 px below it (where antd-mobile's InfiniteScroll loaded the next page). */
function useNear(el: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { rootMargin: "0px 0px 250px 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return near;
}
