import { useCallback } from "react";
import { home } from "#gateway/api/index.ts";
import { CompilationCard } from "#app/components/element-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/collect";

export async function clientLoader() {
  return { first: await api(home.compilations, { page: 1, limit: 10 }) };
}

export default function Collect({ loaderData }: Route.ComponentProps) {
  const fetchPage = useCallback((page: number) => api(home.compilations, { page, limit: 10 }), []);
  return (
    <Page title="合集">
      <PagedList
        initial={loaderData.first}
        fetchPage={fetchPage}
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
