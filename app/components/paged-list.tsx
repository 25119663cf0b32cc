import { DotLoading, InfiniteScroll } from "antd-mobile";
import type { ReactNode } from "react";
import type { Paged } from "#gateway/api/types.ts";
import { ErrorBlock } from "#app/components/error-block.tsx";
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
      <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore && !list.error}>
        {() =>
          list.error ? (
            <span className="list-end">
              加载失败：{list.error}{" "}
              <button type="button" className="text-button" onClick={() => void list.retry()}>
                重试
              </button>
            </span>
          ) : list.hasMore ? (
            <span className="list-end">
              加载中 <DotLoading />
            </span>
          ) : list.items.length ? (
            <span className="list-end">— 没有更多了 —</span>
          ) : null
        }
      </InfiniteScroll>
    </PullRefreshOnTouch>
  );
}
