import { useState } from "react";
import { Page } from "#app/components/page.tsx";
import { SortTabs } from "#app/components/video/sort-tabs.tsx";
import { RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import { kindFeed, type KindListData } from "#app/features/resources/resource-tab.ts";
import { ResourceFeed } from "./resource-feed.tsx";

/** /category?type=novel (a category shortcut): one kind's cards under the shortcut's title, in the kind's sorts. */
export function KindCategory({ title, data: { kind, sorts, first } }: { title: string; data: KindListData }) {
  const entry = RESOURCE_KINDS[kind];
  const [sort, setSort] = useState(sorts[0]!.sort);
  return (
    <Page title={title}>
      <SortTabs tabs={sorts} active={sort} onChange={setSort} />
      <ResourceFeed source={kindFeed(entry, sort)} initial={sort === sorts[0]!.sort ? first : undefined} emptyText={`暂无${entry.label}`} label={title} />
    </Page>
  );
}
