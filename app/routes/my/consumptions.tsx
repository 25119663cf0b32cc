import { orders } from "#gateway/api/index.ts";
import type { CoinMovement } from "#gateway/api/orders.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import "#app/components/wallet/wallet.css";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { formatTime } from "#app/lib/format.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/consumptions";

const movements = pagedSource(orders.coinsDetail, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await firstPage(movements) };
}

function MovementRow({ m }: { m: CoinMovement }) {
  return (
    <div className="record">
      <div>
        <p>{m.title}</p>
        <small>{formatTime(m.created_at)}</small>
      </div>
      <div className="amount">
        <p className={m.coins > 0 ? "is-in" : "is-out"}>
          {m.coins > 0 ? "+" : ""}
          {m.coins} 金币
        </p>
        <small>余额 {m.balance_after}</small>
      </div>
    </div>
  );
}

export default function Consumptions({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="金币明细">
      <PagedList initial={loaderData.first} source={movements} itemKey={(m) => m.id} renderItem={(m) => <MovementRow m={m} />} emptyText="暂无金币记录" />
    </Page>
  );
}

export function meta() {
  return [{ title: "金币明细 — 影音" }];
}
