import { TabPage } from "#app/components/tab-bar.tsx";
import { Unavailable } from "#app/components/unavailable.tsx";

export default function Resource() {
  return (
    <TabPage>
      <Unavailable title="资源" />
    </TabPage>
  );
}

export function meta() {
  return [{ title: "资源 — 影音" }];
}
