import { NavLink } from "react-router";

const TABS = [
  { to: "/home", label: "首页", icon: "⌂" },
  { to: "/scandalous", label: "黑料", icon: "◉" },
  { to: "/resource", label: "资源", icon: "▤" },
  { to: "/dark_web", label: "暗网", icon: "◐" },
  { to: "/post", label: "圈子", icon: "◎" },
  { to: "/my", label: "我的", icon: "☺" },
] as const;

/** The bottom tab bar: real links, the current section highlighted. */
export function TabBar() {
  return (
    <nav className="tab-bar" aria-label="主导航">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={({ isActive }) => `tab-bar-item${isActive ? " active" : ""}`} prefetch="intent">
          <span className="tab-bar-icon" aria-hidden>
            {tab.icon}
          </span>
          <span className="tab-bar-label">{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
