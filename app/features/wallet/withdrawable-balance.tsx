import { Button } from "#app/components/kit/button.tsx";
import { useState, type ReactNode } from "react";
import type { WithdrawRules } from "#gateway/api/orders.ts";
import { WalletCard, type Figure } from "#app/components/wallet/wallet-figures.tsx";
import "#app/components/wallet/wallet.css";
import { WITHDRAW_UNIT, WithdrawSheet, type WithdrawSource } from "./withdraw-sheet.tsx";

interface Props {
  title: string;
  figures: Figure[];
  source: WithdrawSource;
  rules: WithdrawRules;
  /** What can be withdrawn now, in the source's unit; 提现 is off at 0. */
  available: string;
  /** Buttons before 提现 (then drawn as an outline). */
  actions?: ReactNode;
  /** Said before and after the rules. */
  lead?: string;
  tail?: string;
}

/**
 * A balance the member may withdraw (/my/purse's coins, /my/proxy's agent income): its figures, 提现 and the sheet
 * it opens, and the rules of a withdrawal.
 */
export function WithdrawableBalance({ title, figures, source, rules, available, actions, lead = "", tail = "" }: Props) {
  const [withdrawing, setWithdrawing] = useState(false);
  return (
    <>
      <WalletCard title={title} figures={figures}>
        <div className="wallet-actions">
          {actions}
          <Button color="primary" fill={actions ? "outline" : "solid"} disabled={Number(available) <= 0} onClick={() => setWithdrawing(true)}>
            提现
          </Button>
        </div>
        <p className="wallet-note">
          {lead}每次最低 {rules.min}、最高 {rules.max} {WITHDRAW_UNIT[source]}，手续费 {rules.fee_percent}%，每天最多 {rules.daily_limit} 次。{tail}
        </p>
      </WalletCard>
      <WithdrawSheet source={source} rules={rules} available={available} visible={withdrawing} onClose={() => setWithdrawing(false)} />
    </>
  );
}
