import "antd-mobile/es/components/tabs/tabs.css";
import "./tabs.css";
import { Children, isValidElement, type ComponentType, type ReactNode } from "react";
import { idleModule } from "#app/lib/idle-module.ts";

interface TabsProps {
  activeKey: string;
  onChange: (key: string) => void;
  children: ReactNode;
}

type AntTabs = ComponentType<TabsProps>;

const useAntTabs = idleModule(() => import("antd-mobile/es/components/tabs").then((m) => m.default as unknown as AntTabs), "first-use");

/** A tab's key and title, read by the row (antd-mobile's Tabs reads the same two). */
function Tab(_: { title: ReactNode }) {
  return null;
}

/**
 * antd-mobile's Tabs, its first frame drawn without it: the same row and classes, the active tab underlined by
 * CSS. Its code and react-spring (its moving line, 18 KB gzip) load at the member's first touch, scroll or key on
 * the page, and then take the row over (decisions 091, 093). A tap before that changes the tab at once.
 */
export function Tabs({ activeKey, onChange, children }: TabsProps) {
  const [Ant, load] = useAntTabs();
  if (Ant) {
    return (
      <Ant activeKey={activeKey} onChange={onChange}>
        {children}
      </Ant>
    );
  }
  // Children.forEach passes each element as written, with its own key (toArray would prefix it).
  const tabs: { key: string; title: ReactNode }[] = [];
  Children.forEach(children, (child) => {
    if (isValidElement<{ title: ReactNode }>(child) && typeof child.key === "string") tabs.push({ key: child.key, title: child.props.title });
  });
  return (
    <div className="adm-tabs tabs-first-frame" onPointerDown={load}>
      <div className="adm-tabs-header">
        <div className="adm-tabs-tab-list" role="tablist">
          {tabs.map(({ key, title }) => {
            const active = key === activeKey;
            return (
              <div key={key} className="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">
                <div
                  role="tab"
                  aria-selected={active}
                  tabIndex={active ? 0 : -1}
                  className={active ? "adm-tabs-tab adm-tabs-tab-active" : "adm-tabs-tab"}
                  onClick={() => !active && onChange(key)}
                >
                  {title}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

Tabs.Tab = Tab;
