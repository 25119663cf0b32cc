import { Outlet } from "react-router";
import { TabBar } from "#app/components/tab-bar.tsx";

export default function TabsLayout() {
  return (
    <div className="tabs-shell">
      <Outlet />
      <TabBar />
    </div>
  );
}
