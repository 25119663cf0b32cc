import { accounts, type Ticket } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-tickets";
import { formatTime } from "#app/lib/format.ts";
import "#app/styles/tickets.css";

const STATUS = ["未使用", "已使用", "已过期"];
const tickets = pagedSource(accounts.myTickets, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await firstPage(tickets) };
}

function TicketRow({ ticket }: { ticket: Ticket }) {
  return (
    <div className={`ticket is-${ticket.status}`}>
      <strong>{ticket.name}</strong>
      <span>{STATUS[ticket.status] ?? ""}</span>
      <small>有效期至 {formatTime(ticket.expires_at)}</small>
    </div>
  );
}

export default function MyTickets({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="我的观影券">
      <PagedList initial={loaderData.first} source={tickets} itemKey={(t) => t.id} renderItem={(t) => <TicketRow ticket={t} />} emptyText="暂无观影券" />
    </Page>
  );
}

export function meta() {
  return [{ title: "我的观影券 — 影音" }];
}
