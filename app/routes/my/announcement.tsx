import { accounts } from "#gateway/api/index.ts";
import type { Notice } from "#gateway/api/types.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import type { Route } from "./+types/announcement";
import { formatTime } from "#app/lib/format.ts";
import "#app/styles/notices.css";

const notices = pagedSource(accounts.notice, {}, 20);

export async function clientLoader() {
  return { first: await firstPage(notices) };
}

export default function Announcement({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="系统公告">
      <PagedList<Notice>
        initial={loaderData.first}
        source={notices}
        itemKey={(n) => n.id}
        emptyText="暂无公告"
        renderItem={(n) => (
          <article className="notice-item">
            <h2>{n.title}</h2>
            <p>{n.content}</p>
            <time>{formatTime(n.created_at)}</time>
          </article>
        )}
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "系统公告 — 影音" }];
}
