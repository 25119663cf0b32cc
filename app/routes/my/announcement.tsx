import { useCallback } from "react";
import { accounts } from "#gateway/api/index.ts";
import type { Notice } from "#gateway/api/types.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/announcement";
import { formatTime } from "#app/lib/format.ts";

const LIMIT = 20;

export async function clientLoader() {
  return { first: await api(accounts.notice, { page: 1, limit: LIMIT }) };
}

export default function Announcement({ loaderData }: Route.ComponentProps) {
  const fetchPage = useCallback((page: number) => api(accounts.notice, { page, limit: LIMIT }), []);
  return (
    <Page title="系统公告">
      <PagedList<Notice>
        initial={loaderData.first}
        fetchPage={fetchPage}
        itemKey={(n) => n.id}
        emptyText="暂无公告"
        renderItem={(n) => (
          <article className="notice-item">
            <h2>{n.title}</h2>
            <p>{n.content}</p>
            <time>{formatTime(n.created_at, "full")}</time>
          </article>
        )}
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "系统公告 — 影音" }];
}
