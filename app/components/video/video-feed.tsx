import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import type { Video } from "#gateway/api/content-types.ts";
import type { Paged } from "#gateway/api/types.ts";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import type { PagedState } from "#app/features/paging/pager.ts";
import { usePaged } from "#app/features/paging/use-paged.ts";
import { latestPatch, onVideoPatch, patchesSince } from "#app/lib/video-patches.ts";
import { openedFrom } from "#app/stores/stack.ts";
import { FeedFrame } from "#app/components/feed-frame.tsx";
import { useWindowRows } from "./use-window-rows.ts";
import { VideoCard } from "./video-card.tsx";

// Feeds seen this session, by their source's key: switching tabs back and forth keeps what was loaded.
const kept = new Map<string, PagedState<Video>>();
const MAX_KEPT = 20;

interface Props {
  /** The list; its key names the feed's kept state and, with its path and params, the player's previous/next. */
  source: PagedSource<Video>;
  /** The source's first page, from the route's clientLoader; without it the feed loads its first page itself. */
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

/**
 * An endless two-column video feed with pull-to-refresh. Only the rows near the viewport are in the DOM,
 * so a feed of thousands stays light. Another source is another feed.
 */
export function VideoFeed(props: Props) {
  return <Feed key={props.source.key} {...props} />;
}

function Feed({ source, initial, columns = 2, emptyText = "暂无视频", onRefresh }: Props) {
  const feedKey = source.key;
  const { items, page, hasMore, error, loading, loadMore, retry, refresh: refreshFeed, mapItems } = usePaged(source, {
    initial,
    itemKey: videoId,
    saved: () => kept.get(feedKey),
  });
  // Changes made elsewhere (a purchase), including those made while this page was hidden in history.
  const patchesSeen = useRef(latestPatch());
  useEffect(() => {
    const sync = () => {
      const { seq, patches } = patchesSince(patchesSeen.current);
      patchesSeen.current = seq;
      if (patches.length) mapItems((items) => withPatches(items, patches));
    };
    sync();
    return onVideoPatch(sync);
  }, [mapItems]);

  useEffect(() => {
    kept.set(feedKey, { items, page, hasMore, error, loading });
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  }, [feedKey, items, page, hasMore, error, loading]);

  const refresh = useCallback(async () => void (await Promise.all([refreshFeed(), onRefresh?.()])), [refreshFeed, onRefresh]);

  const rows = Math.ceil(items.length / columns);
  // Rows flow; only the space of rows out of view is estimated, until a rendered row is measured. (Reading
  // the window's size here would force a layout in the middle of rendering.)
  const { listRef, measureRow, rowHeight, start, end } = useWindowRows(rows, { estimate: ROW_ESTIMATE });

  useEffect(() => {
    if (hasMore && !loading && !error && end >= rows - 1) void loadMore();
  }, [end, rows, hasMore, loading, error, loadMore]);

  // Stable across renders, so the memoised cards do not re-render when the window moves.
  const latest = useRef({ source, items, hasMore });
  useLayoutEffect(() => {
    latest.current = { source, items, hasMore };
  });
  const onOpen = useCallback(() => {
    const { source: s, items: shown, hasMore: more } = latest.current;
    openedFrom(s.key, { api: s.path, params: { ...s.params }, ids: shown.map((i) => i.id), hasMore: more });
  }, []);

  const rowsInView: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    rowsInView.push(
      <div key={i} data-index={i} ref={i === start ? measureRow : undefined} className="video-feed-row" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
        {items.slice(i * columns, i * columns + columns).map((v) => (
          <VideoCard key={v.id} video={v} onOpen={onOpen} stack={feedKey} />
        ))}
      </div>,
    );
  }

  return (
    <FeedFrame itemCount={items.length} hasMore={hasMore} error={error} loading={loading} retry={retry} refresh={refresh} emptyText={emptyText}>
      <div ref={listRef} className="video-feed" style={{ paddingTop: start * rowHeight, paddingBottom: Math.max(0, rows - end) * rowHeight }}>
        {rowsInView}
      </div>
    </FeedFrame>
  );
}
