import { home } from "#gateway/api/index.ts";
import { ElementCard } from "#app/components/element-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import type { Route } from "./+types/concentration";

const topics = pagedSource(home.elements, {}, 10);

export async function clientLoader() {
  return { first: await firstPage(topics) };
}

export default function Concentration({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="精选专题">
      <PagedList initial={loaderData.first} source={topics} itemKey={(e) => e.id} renderItem={(e) => <ElementCard element={e} />} emptyText="暂无专题" />
    </Page>
  );
}

export function meta() {
  return [{ title: "精选专题 — 影音" }];
}
