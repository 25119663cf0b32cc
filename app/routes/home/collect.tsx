import { home } from "#gateway/api/index.ts";
import { CompilationCard } from "#app/components/element-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import type { Route } from "./+types/collect";

const compilations = pagedSource(home.compilations, {}, 10);

export async function clientLoader() {
  return { first: await firstPage(compilations) };
}

export default function Collect({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="合集">
      <PagedList
        initial={loaderData.first}
        source={compilations}
        itemKey={(c) => c.id}
        renderItem={(c) => <CompilationCard compilation={c} />}
        emptyText="暂无合集"
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "合集 — 影音" }];
}
