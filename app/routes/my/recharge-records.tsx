import { Button } from "#app/components/kit/button.tsx";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { orders } from "#gateway/api/index.ts";
import type { Order } from "#gateway/api/orders.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { ORDER_STATUS } from "#app/components/wallet/order-status.ts";
import "#app/components/wallet/wallet.css";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { formatTime } from "#app/lib/format.ts";
import { api, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { syncUser } from "#app/lib/session.ts";
import type { Route } from "./+types/recharge-records";

const records = pagedSource(orders.orderList, {}, 20);
/** How often a pending order is asked about again while the screen is shown. */
const POLL_MS = 3000;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  // Back from the provider's page: the order just paid (or not) is shown on top.
  const orderNo = new URL(request.url).searchParams.get("order_no") ?? "";
  const [first, focus] = await Promise.all(
    together(
      () =>
        [
          firstPage(records),
          orderNo
            ? api(orders.orderList, {
                order_no: orderNo,
                page: 1,
                limit: 1,
              }).then((p) => p.list[0] ?? null)
            : Promise.resolve(null),
        ] as const,
    ),
  );
  return { first, focus };
}

const what = (o: Order) => (o.kind === "coins" ? `${o.coins} 金币` : `VIP ${o.vip_days} 天`);

function OrderRow({ order }: { order: Order }) {
  return (
    <div className="record" data-testid={`order-${order.order_no}`}>
      <div>
        <p>{order.name}</p>
        <small>
          {order.order_no} · {order.pay_method_name}
        </small>
        <small>{formatTime(order.created_at)}</small>
      </div>
      <div className="amount">
        <p>¥{order.amount}</p>
        <small className={`status-${order.status}`}>{ORDER_STATUS[order.status]}</small>
      </div>
    </div>
  );
}

const FOCUS_TEXT: Record<Order["status"], (o: Order) => string> = {
  pending: () => "等待支付结果…",
  paid: (o) => `支付成功，已到账 ${what(o)}`,
  failed: () => "支付失败，可重新下单",
  expired: () => "订单已过期，可重新下单",
};

export default function RechargeRecords({ loaderData: { first, focus } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useLayoutEffect(() => {
    latest.current = revalidator;
  });
  const waiting = focus?.status === "pending" || first.list.some((o) => o.status === "pending");

  // A pending order changes when the provider's notification comes: ask again until none is pending.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") void latest.current.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  // The new balance or VIP time, for every screen that shows them.
  const paid = focus?.status === "paid";
  useEffect(() => {
    if (paid) void syncUser().catch(() => undefined);
  }, [paid]);

  return (
    <Page title="充值记录">
      {focus ? (
        <section className="focus-order" aria-live="polite" data-testid="focus-order">
          <p>
            {focus.name} · ¥{focus.amount}
          </p>
          <p className={`status-${focus.status}`}>{FOCUS_TEXT[focus.status](focus)}</p>
          {focus.status === "failed" || focus.status === "expired" ? (
            <Link to="/my/recharge">
              <Button color="primary">
                重新充值
              </Button>
            </Link>
          ) : null}
        </section>
      ) : null}
      <PagedList initial={first} source={records} itemKey={(o) => o.order_no} renderItem={(o) => <OrderRow order={o} />} emptyText="暂无充值记录" />
    </Page>
  );
}

export function meta() {
  return [{ title: "充值记录 — 影音" }];
}
