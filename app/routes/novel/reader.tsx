import type { Handler } from "@use-gesture/react";
import { DotLoading } from "#app/components/kit/dot-loading.tsx";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { data, Link, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { novels } from "#gateway/api/index.ts";
import type { NovelChapter } from "#gateway/api/novels.ts";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { loadChapter, prefetchChapter, readyChapter, rememberChapter } from "#app/features/novels/chapter-text.ts";
import { pageCount, pageOfPosition, paragraphsOf, positionOfPage, tapZone, turn } from "#app/features/novels/reader-pages.ts";
import { FONT_SIZES, flushPlace, keepPlace, LINE_HEIGHTS, readerSettings, startingPlace, THEMES } from "#app/features/novels/reading.ts";
import { SaveOffline } from "#app/features/offline/save-offline.tsx";
import { idleModule } from "#app/lib/idle-module.ts";
import { importOnce } from "#app/lib/import-once.ts";
import { api, quietApi } from "#app/lib/gateway.ts";
import { localStore } from "#app/lib/safe-storage.ts";
import { canGoBack } from "#app/stores/history.ts";
import { useStore } from "#app/stores/use-store.ts";
import "#app/components/novels/reader.css";
import "#app/styles/screens.css";
import type { Route } from "./+types/reader";

// Most chapters open: a locked one's panel (with the item's controls' code) comes with the chapter, the loader
// waiting for both, so it draws at once (decision 109).
const loadUnlockPanel = importOnce(() => import("#app/features/unlock/unlock-panel.tsx"));
const UnlockPanel = lazy(() => loadUnlockPanel().then((m) => ({ default: m.UnlockPanel })));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "小说不存在或链接有误");
  const asked = Number(new URL(request.url).searchParams.get("chapter"));
  const place = await startingPlace(id);
  let chapterId = Number.isSafeInteger(asked) && asked > 0 ? asked : (place?.unit_id ?? 0);
  if (!chapterId) chapterId = (await api(novels.chaptersList, { id, page: 1, limit: 1 })).list[0]?.id ?? 0;
  if (!chapterId) throw data("这本小说还没有章节", { status: 404 });
  const chapter = readyChapter(chapterId) ?? (await loadChapter(id, chapterId));
  // Offline, the panel cannot load either way: the chapter still shows, its panel when the code comes.
  if (chapter.locked) await loadUnlockPanel().catch(() => undefined);
  return { id, chapter, position: place?.unit_id === chapterId ? place.position : 0 };
}

/** The reader moves between chapters itself (the URL follows); only a purchase or another book loads again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  const sameBook = currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("id") === nextUrl.searchParams.get("id");
  return sameBook ? false : defaultShouldRevalidate;
}

const GAP = 40;
/** A horizontal move this long (px), and longer than it is tall, turns a page. */
const SWIPE_PX = 40;
const useReaderSwipe = idleModule(() => import("#app/features/novels/reader-swipe.tsx").then((m) => m.default));
/** Set once the tap zones' hint has been shown on this device. */
const HINT_KEY = "___NOVEL_ZONES_HINT__";

export default function NovelReader({ loaderData }: Route.ComponentProps) {
  const { id } = loaderData;
  const navigate = useNavigate();
  const settings = useStore(readerSettings, (s) => s);
  const [chapter, setChapter] = useState<NovelChapter>(loaderData.chapter);
  // Where to open the chapter once laid out: a fraction of it (1: its last page).
  const [startAt, setStartAt] = useState<number | null>(loaderData.position);
  const [layout, setLayout] = useState({ page: 0, pages: 1, width: 0 });
  const [menu, setMenu] = useState(false);
  const [loading, setLoading] = useState(false);
  // Whether the chapter after `of` is loaded: for another chapter, not yet.
  const [prefetched, setPrefetched] = useState<{ of: NovelChapter; ready: boolean } | null>(null);
  const nextReady = prefetched?.of === chapter && prefetched.ready;
  const viewport = useRef<HTMLDivElement>(null);
  const columns = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // The zones' hint, the first time this device opens the reader; the first tap or swipe closes it.
  const [hint, setHint] = useState(() => !localStore.getItem(HINT_KEY));
  const hintShown = hint && !chapter.locked;
  useEffect(() => {
    if (hintShown) localStore.setItem(HINT_KEY, "1");
  }, [hintShown]);
  // A mouse drag ends in a click: the swipe turned the page already.
  const swiped = useRef(false);

  // A purchase (or another book) loaded again: show what the loader answered.
  const [shownData, setShownData] = useState(loaderData);
  if (shownData !== loaderData) {
    setShownData(loaderData);
    setChapter(loaderData.chapter);
    setStartAt(loaderData.position);
  }

  const locked = Boolean(chapter.locked);
  const measure = useCallback(
    (keepAt: number | null) => {
      const view = viewport.current;
      const cols = columns.current;
      if (!view || !cols) return;
      const width = view.clientWidth;
      // Columns as wide as the page before counting them (the first layout has no width yet).
      cols.style.columnWidth = `${width}px`;
      const pages = pageCount(cols.scrollWidth, width, GAP);
      setLayout((l) => {
        const at = keepAt ?? positionOfPage(l.page, l.pages);
        return { page: pageOfPosition(at, pages), pages, width };
      });
    },
    [],
  );

  // Lay the chapter out before the browser paints it: the page the member turned to shows in the same frame.
  useLayoutEffect(() => {
    if (locked) {
      setLayout({ page: 0, pages: 1, width: viewport.current?.clientWidth ?? 0 });
      return;
    }
    measure(startAt);
    setStartAt(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- again for another chapter or another look only
  }, [chapter, settings.fontSize, settings.lineHeight, locked]);

  useEffect(() => {
    const again = () => measure(null);
    window.addEventListener("resize", again);
    return () => window.removeEventListener("resize", again);
  }, [measure]);

  // The place, kept on the device at once and on the gateway in the background.
  useEffect(() => {
    if (locked || !layout.width) return;
    keepPlace({ item_id: id, unit_id: chapter.id, position: positionOfPage(layout.page, layout.pages), updated_at: Date.now() });
  }, [id, chapter.id, layout, locked]);

  useEffect(() => {
    const hidden = () => document.visibilityState === "hidden" && flushPlace();
    document.addEventListener("visibilitychange", hidden);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      flushPlace();
    };
  }, []);

  // The next chapter, loaded while this one is read: turning past the last page shows it at once.
  useEffect(() => {
    let live = true;
    if (!chapter.locked) rememberChapter(chapter);
    if (chapter.next_id) {
      void prefetchChapter(id, chapter.next_id).then((c) => {
        // A locked next chapter: its panel's code comes with it.
        if (c?.locked) void loadUnlockPanel().catch(() => undefined);
        if (live) setPrefetched({ of: chapter, ready: Boolean(c) });
      });
    }
    return () => {
      live = false;
    };
  }, [id, chapter]);

  const open = useCallback(
    (target: NovelChapter, at: number) => {
      setChapter(target);
      setStartAt(at);
      setMenu(false);
      void navigate(`/novel/reader?id=${id}&chapter=${target.id}`, { replace: true, preventScrollReset: true });
    },
    [id, navigate],
  );

  const goToChapter = useCallback(
    (chapterId: number, at: number) => {
      if (!chapterId) return;
      const ready = readyChapter(chapterId);
      if (ready) return open(ready, at);
      setLoading(true);
      loadChapter(id, chapterId)
        .then((c) => open(c, at))
        .catch(() => undefined)
        .finally(() => setLoading(false));
    },
    [id, open],
  );

  const step = useCallback(
    (dir: -1 | 1) => {
      if (loading) return;
      const t = turn(layout.page, layout.pages, dir, { prev: chapter.prev_id > 0, next: chapter.next_id > 0 });
      if (t.to === "page") setLayout((l) => ({ ...l, page: t.page }));
      else if (t.to === "next-chapter") goToChapter(chapter.next_id, 0);
      else if (t.to === "prev-chapter") goToChapter(chapter.prev_id, 1);
    },
    [chapter, layout, loading, goToChapter],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowRight" || e.key === "PageDown") step(1);
      else if (e.key === "ArrowLeft" || e.key === "PageUp") step(-1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [step]);

  // Swipes turn pages too (left: forward), beside the tap zones, once their code is in (at idle or the first touch).
  const [Swipe, loadSwipe] = useReaderSwipe();
  const onSwipe: Handler<"drag"> = ({ last, movement: [mx, my], target, event }) => {
    if (!last || Math.abs(mx) < SWIPE_PX || Math.abs(mx) <= Math.abs(my)) return;
    if ((target as Element).closest(".reader-menu-top, .reader-menu-bottom, .locked-panel")) return;
    // Only a mouse's drag ends in a click; a finger's swipe does not, and the next tap must count.
    swiped.current = (event as PointerEvent).pointerType === "mouse";
    setHint(false);
    if (menu) return setMenu(false);
    step(mx < 0 ? 1 : -1);
  };

  const onTap = (e: MouseEvent<HTMLDivElement>) => {
    if (swiped.current) return void (swiped.current = false);
    // Taps on controls (and in dialogs, which React bubbles here from their portals) are theirs.
    const target = e.target as Element;
    if (!root.current?.contains(target) || target.closest("button, a, textarea, input, .reader-menu-top, .reader-menu-bottom, .locked-panel")) return;
    if (hintShown) return setHint(false);
    if (menu) return setMenu(false);
    const box = root.current.getBoundingClientRect();
    const zone = tapZone(e.clientX - box.left, box.width);
    if (zone === "menu") setMenu(true);
    else step(zone === "prev" ? -1 : 1);
  };

  const paragraphs = paragraphsOf(chapter.content);
  const shift = layout.page * (layout.width + GAP);
  return (
    <div
      ref={root}
      className={`reader theme-${settings.theme}`}
      onPointerDown={() => {
        swiped.current = false;
        loadSwipe();
      }}
      onClick={onTap}
      data-testid="reader"
      data-chapter-id={chapter.id}
      data-page={layout.page}
      data-pages={layout.pages}
      data-next-ready={nextReady ? 1 : 0}
      data-swipe={Swipe ? 1 : 0}
    >
      {Swipe && <Swipe target={root} onDrag={onSwipe} />}
      <div className="reader-head">{chapter.title}</div>
      {locked ? (
        <div className="reader-locked">
          <h2>{chapter.title}</h2>
          <Suspense fallback={<DotLoading />}>
            <UnlockPanel unit={{ kind: "novel-chapter", id: chapter.id, title: chapter.title, price: chapter.coins, vip_free: chapter.vip_free }} viewer={chapter.viewer} />
          </Suspense>
          {chapter.book_price > 0 ? (
            <p className="list-end">
              或 <Link to={`/novel/detail?id=${id}`}>{chapter.book_price} 金币购买全书</Link>
            </p>
          ) : null}
        </div>
      ) : (
        <div className="reader-viewport" ref={viewport}>
          <div
            ref={columns}
            className="reader-columns"
            style={{ columnWidth: layout.width || undefined, columnGap: GAP, fontSize: settings.fontSize, lineHeight: settings.lineHeight, transform: `translateX(${-shift}px)` }}
          >
            <h2>{chapter.title}</h2>
            {paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </div>
      )}
      <div className="reader-foot">
        <span>{chapter.novel_title}</span>
        <span aria-live="polite">
          {locked ? `第 ${chapter.seq} / ${chapter.chapter_count} 章` : `${layout.page + 1} / ${layout.pages} 页 · 第 ${chapter.seq} / ${chapter.chapter_count} 章`}
        </span>
      </div>
      {loading ? (
        <div className="reader-status" role="status">
          <DotLoading /> 正在打开章节
        </div>
      ) : null}
      {hintShown ? (
        <div className="reader-hint" role="note" aria-label="翻页提示">
          <div className="reader-hint-zones">
            <span>
              点击左侧
              <br />
              上一页
            </span>
            <span>
              点击中间
              <br />
              打开菜单
            </span>
            <span>
              点击右侧
              <br />
              下一页
            </span>
          </div>
          <p>左右滑动也可以翻页</p>
          <button type="button" className="reader-menu-button" onClick={() => setHint(false)}>
            知道了
          </button>
        </div>
      ) : null}
      {menu ? <ReaderMenu id={id} chapter={chapter} onChapter={goToChapter} onClose={() => setMenu(false)} /> : null}
    </div>
  );
}

function ReaderMenu({ id, chapter, onChapter, onClose }: { id: number; chapter: NovelChapter; onChapter: (chapterId: number, at: number) => void; onClose: () => void }) {
  const navigate = useNavigate();
  const settings = useStore(readerSettings, (s) => s);
  const set = (patch: Partial<typeof settings>) => readerSettings.set((s) => void Object.assign(s, patch));
  // The way it came: back in the app's history, or (opened directly) to the book, in the reader's place.
  const leave = () => (canGoBack() ? navigate(-1) : navigate(`/novel/detail?id=${id}`, { replace: true }));
  return (
    <>
      <nav className="reader-menu-top" aria-label="阅读菜单">
        <button type="button" className="reader-menu-button" onClick={() => void leave()} aria-label="返回">
          ‹ 返回
        </button>
        <span className="reader-menu-title">{chapter.novel_title}</span>
        <button type="button" className="reader-menu-button" onClick={onClose}>
          继续阅读
        </button>
      </nav>
      <div className="reader-menu-bottom" role="group" aria-label="阅读设置">
        <div className="reader-menu-row">
          <button type="button" className="reader-menu-button" disabled={!chapter.prev_id} onClick={() => onChapter(chapter.prev_id, 0)}>
            上一章
          </button>
          <Link className="reader-menu-link" to={`/novel/chapter?id=${id}`}>
            目录
          </Link>
          <button type="button" className="reader-menu-button" disabled={!chapter.next_id} onClick={() => onChapter(chapter.next_id, 0)}>
            下一章
          </button>
        </div>
        <div className="reader-menu-row">
          <span>字号</span>
          <button type="button" className="reader-menu-button" aria-label="缩小字号" disabled={settings.fontSize <= FONT_SIZES.min} onClick={() => set({ fontSize: settings.fontSize - FONT_SIZES.step })}>
            A-
          </button>
          <span aria-live="polite">{settings.fontSize}</span>
          <button type="button" className="reader-menu-button" aria-label="放大字号" disabled={settings.fontSize >= FONT_SIZES.max} onClick={() => set({ fontSize: settings.fontSize + FONT_SIZES.step })}>
            A+
          </button>
        </div>
        <div className="reader-menu-row">
          <span>行距</span>
          {LINE_HEIGHTS.map((h, i) => (
            <button key={h} type="button" className="reader-menu-button" aria-pressed={settings.lineHeight === h} onClick={() => set({ lineHeight: h })}>
              {["紧凑", "适中", "宽松"][i]}
            </button>
          ))}
        </div>
        <div className="reader-menu-row">
          <span>主题</span>
          {THEMES.map((t) => (
            <button key={t.value} type="button" className="reader-menu-button" aria-pressed={settings.theme === t.value} onClick={() => set({ theme: t.value })}>
              {t.label}
            </button>
          ))}
        </div>
        <div className="reader-menu-row">
          <SaveOffline kind="novel" itemId={id} unitId={chapter.id} title={`${chapter.novel_title} · ${chapter.title}`} href={`/novel/reader?id=${id}&chapter=${chapter.id}`} data={chapter} canOpen={!chapter.locked} item={() => quietApi(novels.detail, { id })} />
        </div>
      </div>
    </>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.chapter.title ?? "阅读"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="阅读" failed="章节加载失败" />;
}
