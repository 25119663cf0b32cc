import { useLocation } from "react-router";
import { TabPage } from "./tab-bar.tsx";

/** The shape of a screen's content while its first data loads. */
type Skeleton = "section" | "feed" | "list" | "detail" | "text" | "profile";

interface Frame {
  title: string;
  skeleton: Skeleton;
  /** A place of the tab bar: the bar shows below. */
  tab?: boolean;
}

/**
 * What each screen looks like before its first data is in, by path (decision 089). The build prerenders every
 * screen into a page of its own, so a member's first paint is the screen's frame (its bar, the tab bar, a
 * skeleton of its content) rather than a splash; and the first screen's real content is what the browser
 * measures as the largest paint.
 */
const FRAMES: Record<string, Frame> = {
  "/home": { title: "首页", skeleton: "section", tab: true },
  "/scandalous": { title: "黑料", skeleton: "list", tab: true },
  "/resource": { title: "资源", skeleton: "feed", tab: true },
  "/dark_web": { title: "暗网", skeleton: "section", tab: true },
  "/post": { title: "圈子", skeleton: "list", tab: true },
  "/my": { title: "我的", skeleton: "profile", tab: true },
  "/player": { title: "视频", skeleton: "detail" },
  "/scandalous/detail": { title: "黑料", skeleton: "text" },
  "/post/detail": { title: "帖子详情", skeleton: "text" },
  "/dating": { title: "同城约会", skeleton: "feed" },
  "/dating/detail": { title: "约会详情", skeleton: "detail" },
  "/cartoon/cartoon-detail": { title: "漫画", skeleton: "detail" },
  "/novel/detail": { title: "小说", skeleton: "detail" },
  "/novel/reader": { title: "阅读", skeleton: "text" },
  "/audio/detail": { title: "有声", skeleton: "detail" },
  "/picture/detail": { title: "图集", skeleton: "feed" },
  "/game/detail": { title: "游戏", skeleton: "detail" },
  "/home/creator": { title: "创作者", skeleton: "profile" },
  "/search/result": { title: "搜索", skeleton: "feed" },
};

/** The frame of the screen at the current path, or the app's splash for a screen without one. */
export function ScreenFrame() {
  const { pathname } = useLocation();
  const frame = FRAMES[pathname.replace(/\/+$/, "") || "/"];
  if (!frame) return <BootSplash />;
  const body = <FrameSkeleton kind={frame.skeleton} />;
  if (frame.skeleton === "section") {
    // A video section's own head, tabs and banner (the same classes, so the same places): the starter paints
    // the first banner into its place before React has rendered the section (app/lib/early-paint.ts).
    return (
      <TabPage>
        <header className="section-head">
          <h1 className="section-title">{frame.title}</h1>
          <span className="search-entry">搜索视频、创作者</span>
        </header>
        <div className="sort-tabs" aria-hidden>
          {SORTS.map((name) => (
            <button key={name} type="button" tabIndex={-1}>
              {name}
            </button>
          ))}
        </div>
        <div className="banner frame-banner" data-early="banner" />
        {body}
      </TabPage>
    );
  }
  if (frame.tab) {
    return (
      <TabPage>
        <header className="frame-bar frame-bar-tab">{frame.title}</header>
        {body}
      </TabPage>
    );
  }
  return (
    <div className="page">
      <header className="frame-bar">
        <span className="frame-back" aria-hidden />
        {frame.title}
      </header>
      {body}
    </div>
  );
}

export function BootSplash() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot-logo">影音</div>
      <p>加载中…</p>
    </div>
  );
}

const ROWS = [0, 1, 2, 3];
const SORTS = ["最新", "最热", "热门新片"];

function FrameSkeleton({ kind }: { kind: Skeleton }) {
  return (
    <div className={`frame-skeleton frame-${kind}`} aria-busy="true" aria-label="加载中">
      {kind === "profile" && <div className="frame-head" />}
      {kind === "detail" && <div className="frame-media" />}
      {kind === "feed" || kind === "section" ? (
        <div className="frame-grid">
          {ROWS.map((i) => (
            <div key={i} className="frame-card" />
          ))}
        </div>
      ) : (
        ROWS.map((i) => <div key={i} className={kind === "list" ? "frame-row" : "frame-line"} />)
      )}
    </div>
  );
}
