import { useCallback } from "react";
import { home } from "#gateway/api/index.ts";
import { ElementCard } from "#app/components/element-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/concentration";

export async function clientLoader() {
  return { first: await api(home.elements, { page: 1, limit: 10 }) };
}

export default function Concentration({ loaderData }: Route.ComponentProps) {
  const fetchPage = useCallback((page: number) => api(home.elements, { page, limit: 10 }), []);
  return (
    <Page title="精选专题">
      <PagedList initial={loaderData.first} fetchPage={fetchPage} itemKey={(e) => e.id} renderItem={(e) => <ElementCard element={e} />} emptyText="暂无专题" />
    </Page>
  );
}

export function meta() {
  return [{ title: "精选专题 — 影音" }];
}
