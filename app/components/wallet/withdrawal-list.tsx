import type { Withdrawal } from "#gateway/api/orders.ts";
import { formatTime } from "#app/lib/format.ts";
import { WITHDRAWAL_STATUS } from "./order-status.ts";
import "./wallet.css";

/** A member's latest withdrawals of one source, with their state and, when rejected, why. */
export function WithdrawalList({ items, unit }: { items: Withdrawal[]; unit: string }) {
  if (!items.length) return <p className="wallet-note">暂无提现记录</p>;
  return (
    <ul className="paged-list" aria-label="提现记录">
      {items.map((w) => (
        <li key={w.id} className="record">
          <div>
            <p>
              提现 {w.amount} {unit}
            </p>
            <small>
              {w.account_type} {w.account} · 到账 ¥{w.payout}（手续费 {w.fee} {unit}）
            </small>
            <small>{formatTime(w.created_at)}</small>
          </div>
          <div className="amount">
            <small className={`status-${w.status}`}>{WITHDRAWAL_STATUS[w.status]}</small>
            {w.reason ? <small>{w.reason}</small> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
