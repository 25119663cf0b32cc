import { Button, List } from "antd-mobile";
import { useState } from "react";
import { Link } from "react-router";
import { orders } from "#gateway/api/index.ts";
import { LinkItem } from "#app/components/link-item.tsx";
import { Page } from "#app/components/page.tsx";
import { WalletCard } from "#app/components/wallet/wallet-figures.tsx";
import { WithdrawSheet } from "#app/components/wallet/withdraw-sheet.tsx";
import { WithdrawalList } from "#app/components/wallet/withdrawal-list.tsx";
import "#app/components/wallet/wallet.css";
import { api, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { syncUser } from "#app/lib/session.ts";
import type { Route } from "./+types/purse";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const [wallet, u] = await Promise.all(together(() => [api(orders.canWithdrawCoins, undefined), syncUser()]));
  return { wallet, tui: { now: u.tui_coins, total: u.total_tui_coins } };
}

export default function Purse({ loaderData: { wallet, tui } }: Route.ComponentProps) {
  const [withdrawing, setWithdrawing] = useState(false);
  return (
    <Page title="我的钱包">
      <WalletCard
        title="金币"
        figures={[
          { value: wallet.coins, label: "余额", testId: "purse-coins" },
          { value: wallet.frozen_coins, label: "提现冻结" },
          { value: wallet.withdrawable, label: "可提现" },
        ]}
      >
        <div className="wallet-actions">
          <Link className="adm-button adm-button-primary adm-button-shape-default" to="/my/recharge">
            <span>充值</span>
          </Link>
          <Button color="primary" fill="outline" disabled={wallet.withdrawable <= 0} onClick={() => setWithdrawing(true)}>
            提现
          </Button>
        </div>
        <p className="wallet-note">
          {wallet.coins_per_yuan} 金币 = 1 元；每次最低 {wallet.min}、最高 {wallet.max} 金币，手续费 {wallet.fee_percent}%，每天最多 {wallet.daily_limit} 次。
          {wallet.withdrawable <= 0 ? `余额满 ${wallet.min} 金币即可提现。` : ""}
        </p>
      </WalletCard>
      <WalletCard
        title="推广收益"
        figures={[
          { value: tui.now, label: "可用（元）" },
          { value: tui.total, label: "累计（元）" },
        ]}
      >
        <List className="my-list">
          <LinkItem to="/my/proxy">推广中心（收益提现）</LinkItem>
        </List>
      </WalletCard>
      <List className="my-list">
        <LinkItem to="/my/consumptions">金币明细</LinkItem>
        <LinkItem to="/my/recharge-records">充值记录</LinkItem>
      </List>
      <section className="wallet-card" aria-label="金币提现记录">
        <h2>提现记录</h2>
        <WithdrawalList items={wallet.recent} unit="金币" />
      </section>
      <WithdrawSheet source="coins" rules={wallet} available={String(wallet.withdrawable)} visible={withdrawing} onClose={() => setWithdrawing(false)} />
    </Page>
  );
}

export function meta() {
  return [{ title: "我的钱包 — 影音" }];
}
