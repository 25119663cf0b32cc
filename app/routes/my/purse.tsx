import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { Link } from "react-router";
import { orders } from "#gateway/api/index.ts";
import { LinkItem } from "#app/components/link-item.tsx";
import { Page } from "#app/components/page.tsx";
import { WalletCard } from "#app/components/wallet/wallet-figures.tsx";
import { WithdrawableBalance } from "#app/features/wallet/withdrawable-balance.tsx";
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
  return (
    <Page title="我的钱包">
      <WithdrawableBalance
        title="金币"
        figures={[
          { value: wallet.coins, label: "余额", testId: "purse-coins" },
          { value: wallet.frozen_coins, label: "提现冻结" },
          { value: wallet.withdrawable, label: "可提现" },
        ]}
        source="coins"
        rules={wallet}
        available={String(wallet.withdrawable)}
        actions={
          <Link className="adm-button adm-button-primary adm-button-shape-default" to="/my/recharge">
            <span>充值</span>
          </Link>
        }
        lead={`${wallet.coins_per_yuan} 金币 = 1 元；`}
        tail={wallet.withdrawable <= 0 ? `余额满 ${wallet.min} 金币即可提现。` : ""}
      />
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
    </Page>
  );
}

export function meta() {
  return [{ title: "我的钱包 — 影音" }];
}
