import { TabPage } from "#app/components/tab-bar.tsx";
import { Unavailable } from "#app/components/unavailable.tsx";

export default function Scandalous() {
  return (
    <TabPage>
      <Unavailable title="黑料" />
    </TabPage>
  );
}

export function meta() {
  return [{ title: "黑料 — 影音" }];
}
