import { NavLink, useLocation } from "react-router";
import { scrollState } from "./keep-alive-outlet.tsx";

// Inline outline icons (24 × 24, stroke follows the text colour). Unicode symbols rendered differently on
// every phone (some as emoji) and made the browser search its fallback fonts on the first screen.
const ICONS = {
  home: "M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5.5h4V20",
  scandal: "M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.5 1.5-3.5 2-5.5 1 1.5 1.5 2 2 2 .5-2 .5-4 1-6.5Z",
  resource: "M3.5 6.5h6l2 2h9V19h-17Z",
  dark: "M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z",
  circle: "M4 5.5h16v10H10l-4 3.5v-3.5H4Z",
  mine: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8.5c.8-3.6 3.8-6 7.5-6s6.7 2.4 7.5 6",
} as const;

const TABS = [
  { to: "/home", label: "首页", icon: ICONS.home },
  { to: "/scandalous", label: "黑料", icon: ICONS.scandal },
  { to: "/resource", label: "资源", icon: ICONS.resource },
  { to: "/dark_web", label: "暗网", icon: ICONS.dark },
  { to: "/post", label: "圈子", icon: ICONS.circle },
  { to: "/my", label: "我的", icon: ICONS.mine },
] as const;

/** Whether a path is one of the tab bar's places (it shows the bar): the audio mini player sits above it there. */
export const isTabPlace = (pathname: string) => TABS.some((tab) => tab.to === pathname);

// Where each tab was left, so coming back to it by the tab bar finds it there (a tab bar switches between
// places; it does not start them over). Read by the keep-alive outlet from the link's state.
const leftAt = new Map<string, number>();

/**
 * A place of the tab bar: its page with the bar below. Each tab route wraps itself in it rather than sharing
 * a layout route, whose module would be one more request before the first screen (decision 022).
 */
export function TabPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="tabs-shell">
      {children}
      <TabBar />
    </div>
  );
}

/** The bottom tab bar: real links, the current section highlighted. */
export function TabBar() {
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar" aria-label="主导航">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          state={tab.to === pathname ? undefined : scrollState(leftAt.get(tab.to) ?? 0)}
          onClick={() => leftAt.set(pathname, window.scrollY)}
          className={({ isActive }) => `tab-bar-item${isActive ? " active" : ""}`}
          prefetch="intent"
        >
          <svg className="tab-bar-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d={tab.icon} />
          </svg>
          <span className="tab-bar-label">{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
