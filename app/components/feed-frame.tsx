import type { ReactNode } from "react";
import { ListEnd } from "#app/components/list-end.tsx";
import { PullRefreshOnTouch } from "#app/components/pull-refresh-on-touch.tsx";

interface Props {
  children: ReactNode;
  itemCount: number;
  hasMore: boolean;
  error: string | null | undefined;
  loading: boolean;
  retry: () => unknown;
  refresh: () => Promise<unknown>;
  emptyText: string;
}

/**
 * An endless list's frame: its rows, then the empty text or the list's end, all under pull-to-refresh. The
 * gesture library loads at the first touch, not with the first screen.
 */
export function FeedFrame({ children, itemCount, hasMore, error, loading, retry, refresh, emptyText }: Props) {
  return (
    <PullRefreshOnTouch onRefresh={refresh}>
      {children}
      {itemCount === 0 && !hasMore && !error ? <p className="feed-empty">{emptyText}</p> : <ListEnd error={error} loading={loading} hasMore={hasMore} retry={retry} />}
    </PullRefreshOnTouch>
  );
}
