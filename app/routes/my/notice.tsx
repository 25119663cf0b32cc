import { accounts } from "#gateway/api/index.ts";
import type { Message } from "#gateway/api/types.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/notice";
import { formatTime } from "#app/lib/format.ts";
import "#app/styles/notices.css";

const messages = pagedSource(accounts.getMsg, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await firstPage(messages) };
}

export default function Notice({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="站内消息">
      <PagedList<Message>
        initial={loaderData.first}
        source={messages}
        itemKey={(m) => m.id}
        emptyText="暂无消息"
        renderItem={(m) => (
          <article className="notice-item">
            <h2>
              {m.title}
              {m.is_new ? (
                <span className="unread" aria-label="新消息">
                  新
                </span>
              ) : null}
            </h2>
            <p>{m.content}</p>
            <time>{formatTime(m.created_at)}</time>
          </article>
        )}
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "站内消息 — 影音" }];
}
