import { Avatar } from "#app/components/kit/avatar.tsx";
import { accounts } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { formatTime } from "#app/lib/format.ts";
import { requireMember } from "#app/lib/require-member.ts";
import "#app/components/creator-row.css";
import type { Route } from "./+types/records";

const invitees = pagedSource(accounts.inviteList, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await firstPage(invitees) };
}

export default function Records({ loaderData: { first } }: Route.ComponentProps) {
  return (
    <Page title="邀请记录">
      <PagedList
        source={invitees}
        initial={first}
        itemKey={(p) => p.uid}
        emptyText="还没有邀请记录，快去分享吧"
        renderItem={(p) => (
          <div className="creator-row">
            <Avatar src={p.avatar_url} style={{ "--size": "0.9rem", "--border-radius": "50%" }} />
            <span>
              {p.nickname}
              <small className="feedback-meta"> · {formatTime(p.created_at)} 注册</small>
            </span>
          </div>
        )}
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "邀请记录 — 影音" }];
}
