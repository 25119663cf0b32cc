import { DotLoading, ErrorBlock, InfiniteScroll } from "antd-mobile";
import { useCallback, useRef, type ReactNode } from "react";
import { useImmer } from "use-immer";
import type { Paged } from "#gateway/api/types.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import PullRefresh from "#app/components/pull-refresh.tsx";
import { useFreshFirstPage, withFreshFirstPage } from "#app/lib/fresh-first-page.ts";

interface Props<T> {
  /** The first page, from the route's clientLoader; without it the list loads its first page itself. */
  initial?: Paged<T>;
  fetchPage: (page: number) => Promise<Paged<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  emptyText?: string;
  /** `grid`: three columns, for portrait cards (small videos). */
  layout?: "list" | "grid";
}

/** A list with pull-to-refresh and infinite scroll, and its empty, error and end-of-list states. */
export function PagedList<T>({ initial, fetchPage, renderItem, itemKey, emptyText = "暂无内容", layout = "list" }: Props<T>) {
  const [state, update] = useImmer({ items: initial?.list ?? [], page: initial?.page ?? 0, hasMore: initial?.has_more ?? true, error: "" });
  const loading = useRef(false);

  useFreshFirstPage(initial, (fresh) => {
    const items = withFreshFirstPage(state.items as T[], fresh, itemKey);
    update((s) => {
      if (items) s.items = items as typeof s.items;
      else return { items: fresh.list, page: fresh.page, hasMore: fresh.has_more, error: "" } as typeof s;
    });
  });

  const loadMore = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      const next = await fetchPage(state.page + 1);
      update((s) => {
        const seen = new Set(s.items.map((i) => itemKey(i as T)));
        s.items.push(...(next.list.filter((i) => !seen.has(itemKey(i))) as typeof s.items));
        s.page = next.page;
        s.hasMore = next.has_more;
        s.error = "";
      });
    } catch (error) {
      update((s) => {
        s.error = getErrorMessage(error);
      });
      throw error;
    } finally {
      loading.current = false;
    }
  }, [fetchPage, itemKey, state.page, update]);

  const refresh = useCallback(async () => {
    const first = await fetchPage(1);
    update((s) => {
      s.items = first.list as typeof s.items;
      s.page = first.page;
      s.hasMore = first.has_more;
      s.error = "";
    });
  }, [fetchPage, update]);

  return (
    <PullRefresh onRefresh={refresh}>
      {state.items.length === 0 && !state.hasMore ? (
        <ErrorBlock status="empty" title={emptyText} description="" />
      ) : (
        <ul className={layout === "grid" ? "paged-list is-grid" : "paged-list"}>
          {state.items.map((item) => (
            <li key={itemKey(item as T)}>{renderItem(item as T)}</li>
          ))}
        </ul>
      )}
      <InfiniteScroll loadMore={loadMore} hasMore={state.hasMore && !state.error}>
        {(hasMore, failed, retry) =>
          state.error || failed ? (
            <span className="list-end">
              加载失败：{state.error || "网络错误"}{" "}
              <button
                type="button"
                className="text-button"
                onClick={() => {
                  update((s) => {
                    s.error = "";
                  });
                  void retry();
                }}
              >
                重试
              </button>
            </span>
          ) : hasMore ? (
            <span className="list-end">
              加载中 <DotLoading />
            </span>
          ) : state.items.length ? (
            <span className="list-end">— 没有更多了 —</span>
          ) : null
        }
      </InfiniteScroll>
    </PullRefresh>
  );
}
