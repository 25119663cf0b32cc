import { TabPage } from "#app/components/tab-bar.tsx";
import { Unavailable } from "#app/components/unavailable.tsx";

export default function Post() {
  return (
    <TabPage>
      <Unavailable title="圈子" />
    </TabPage>
  );
}

export function meta() {
  return [{ title: "圈子 — 影音" }];
}
