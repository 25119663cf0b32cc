import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useImmer } from "use-immer";
import type { Video } from "#gateway/api/content-types.ts";
import type { Paged } from "#gateway/api/types.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { useFreshFirstPage, withFreshFirstPage } from "#app/lib/fresh-first-page.ts";
import { latestPatch, onVideoPatch, patchesSince } from "#app/lib/video-patches.ts";
import { openedFrom } from "#app/stores/stack.ts";
import { useWindowRows } from "./use-window-rows.ts";
import { VideoCard } from "./video-card.tsx";

const PullToRefresh = lazy(() => import("#app/components/pull-refresh.tsx"));

interface FeedState {
  items: Video[];
  page: number;
  hasMore: boolean;
  error: string;
  loading: boolean;
}

// Feeds seen this session, by key: switching tabs back and forth keeps what was loaded.
const kept = new Map<string, FeedState>();
const MAX_KEPT = 20;

interface Props {
  /** Identifies this feed (tab, params) for the kept state. */
  feedKey: string;
  /** Api path and params of the list, remembered for the player's previous/next. */
  api: string;
  params: Record<string, string | number>;
  fetchPage: (page: number) => Promise<Paged<Video>>;
  initial?: Paged<Video>;
  columns?: number;
  emptyText?: string;
  /** What else a pull refreshes (the section's banner and categories), beside the feed's first page. */
  onRefresh?: () => Promise<void>;
}

// Feeds not on screen keep their copy here: patch it too.
let keptSeen = latestPatch();
onVideoPatch(() => {
  const { seq, patches } = patchesSince(keptSeen);
  keptSeen = seq;
  for (const [key, st] of kept) kept.set(key, { ...st, items: withPatches(st.items, patches) });
});

function withPatches(items: Video[], patches: ReturnType<typeof patchesSince>["patches"]): Video[] {
  if (!patches.some((p) => items.some((v) => v.id === p.id))) return items;
  return items.map((v) => patches.reduce((acc, p) => (p.id === v.id ? { ...acc, ...p.patch } : acc), v));
}

const ROW_ESTIMATE = 170;

const videoId = (v: Video) => v.id;
const fromPage = (p: Paged<Video>): FeedState => ({ items: p.list, page: p.page, hasMore: p.has_more, error: "", loading: false });

/**
 * An endless two-column video feed with pull-to-refresh. Only the rows near the viewport are in the DOM,
 * so a feed of thousands stays light.
 */
export function VideoFeed({ feedKey, api, params, fetchPage, initial, columns = 2, emptyText = "暂无视频", onRefresh }: Props) {
  const [state, update] = useImmer<FeedState>(() => {
    const saved = kept.get(feedKey);
    if (!initial) return saved ?? { items: [], page: 0, hasMore: true, error: "", loading: false };
    const items = saved && withFreshFirstPage(saved.items, initial, videoId);
    return saved && items ? { ...saved, items, loading: false } : fromPage(initial);
  });
  const busy = useRef(false);
  // Changes made elsewhere (a purchase), including those made while this page was hidden in history.
  const patchesSeen = useRef(latestPatch());
  useEffect(() => {
    const sync = () => {
      const { seq, patches } = patchesSince(patchesSeen.current);
      patchesSeen.current = seq;
      if (patches.length) update((s) => void (s.items = withPatches(s.items, patches)));
    };
    sync();
    return onVideoPatch(sync);
  }, [update]);

  useFreshFirstPage(initial, (fresh) => {
    const items = withFreshFirstPage(state.items, fresh, videoId);
    update((s) => (items ? void (s.items = items) : fromPage(fresh)));
  });

  useEffect(() => {
    kept.set(feedKey, state);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  }, [feedKey, state]);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    update((s) => {
      s.loading = true;
      s.error = "";
    });
    try {
      const next = await fetchPage(state.page + 1);
      update((s) => {
        const seen = new Set(s.items.map((i) => i.id));
        s.items.push(...next.list.filter((i) => !seen.has(i.id)));
        s.page = next.page;
        s.hasMore = next.has_more && next.list.length > 0;
        s.loading = false;
      });
    } catch (error) {
      update((s) => {
        s.error = getErrorMessage(error);
        s.loading = false;
      });
    } finally {
      busy.current = false;
    }
  }, [fetchPage, state.page, update]);

  const refresh = useCallback(async () => {
    const [first] = await Promise.all([fetchPage(1), onRefresh?.()]);
    update(() => fromPage(first));
  }, [fetchPage, update, onRefresh]);

  const rows = Math.ceil(state.items.length / columns);
  // Rows flow; only the space of rows out of view is estimated, until a rendered row is measured. (Reading
  // the window's size here would force a layout in the middle of rendering.)
  const { listRef, measureRow, rowHeight, start, end } = useWindowRows(rows, { estimate: ROW_ESTIMATE });

  useEffect(() => {
    if (state.hasMore && !state.loading && !state.error && end >= rows - 1) void loadMore();
  }, [end, rows, state.hasMore, state.loading, state.error, loadMore]);

  // Pull-to-refresh (and its gesture library) loads at the first touch, not with the first screen.
  const [pullReady, setPullReady] = useState(false);
  useEffect(() => {
    if (pullReady) return;
    const start = () => setPullReady(true);
    window.addEventListener("touchstart", start, { once: true, passive: true });
    return () => window.removeEventListener("touchstart", start);
  }, [pullReady]);

  // Stable across renders, so the memoised cards do not re-render when the window moves.
  const latest = useRef({ api, params, items: state.items, hasMore: state.hasMore, feedKey });
  latest.current = { api, params, items: state.items, hasMore: state.hasMore, feedKey };
  const onOpen = useCallback(() => {
    const { api: path, params: p, items, hasMore, feedKey: key } = latest.current;
    openedFrom(key, { api: path, params: p, ids: items.map((i) => i.id), hasMore });
  }, []);

  const rowsInView: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    rowsInView.push(
      <div key={i} data-index={i} ref={i === start ? measureRow : undefined} className="video-feed-row" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
        {state.items.slice(i * columns, i * columns + columns).map((v) => (
          <VideoCard key={v.id} video={v} onOpen={onOpen} stack={feedKey} />
        ))}
      </div>,
    );
  }

  const content = (
    <>
      <div ref={listRef} className="video-feed" style={{ paddingTop: start * rowHeight, paddingBottom: Math.max(0, rows - end) * rowHeight }}>
        {rowsInView}
      </div>
      {state.items.length === 0 && !state.hasMore && !state.error ? (
        <p className="feed-empty">{emptyText}</p>
      ) : (
        <div className="list-end">
          {state.error ? (
            <>
              加载失败：{state.error}{" "}
              <button type="button" className="text-button" onClick={() => void loadMore()}>
                重试
              </button>
            </>
          ) : state.loading ? (
            <>
              加载中 <span className="loading-dots" aria-hidden><i /><i /><i /></span>
            </>
          ) : state.hasMore ? (
            "上滑加载更多"
          ) : (
            "— 没有更多了 —"
          )}
        </div>
      )}
    </>
  );
  if (!pullReady) return content;
  return (
    <Suspense fallback={content}>
      <PullToRefresh onRefresh={refresh}>{content}</PullToRefresh>
    </Suspense>
  );
}
