import { List } from "#app/components/kit/list.tsx";
import { orders } from "#gateway/api/index.ts";
import { LinkItem } from "#app/components/link-item.tsx";
import { Page } from "#app/components/page.tsx";
import { AgentLevels } from "#app/components/wallet/agent-levels.tsx";
import { WithdrawableBalance } from "#app/features/wallet/withdrawable-balance.tsx";
import { WithdrawalList } from "#app/components/wallet/withdrawal-list.tsx";
import "#app/components/wallet/wallet.css";
import { formatTime } from "#app/lib/format.ts";
import { api, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/proxy";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const [home, money] = await Promise.all(together(() => [api(orders.proxyIndex, undefined), api(orders.canWithdrawMoney, undefined)]));
  return { home, money };
}

export default function Proxy({ loaderData: { home, money } }: Route.ComponentProps) {
  return (
    <Page title="推广中心">
      <WithdrawableBalance
        title="推广收益（元）"
        figures={[
          { value: money.tui_coins, label: "可用", testId: "tui-coins" },
          { value: money.frozen, label: "提现冻结" },
          { value: money.total_tui_coins, label: "累计" },
        ]}
        source="agent"
        rules={money}
        available={money.withdrawable}
        lead={`可提现 ${money.withdrawable} 元；`}
      />
      <section className="wallet-card" aria-label="我的邀请">
        <h2>我的邀请</h2>
        <p className="invite-code">
          邀请码 <strong data-testid="proxy-aff-code">{home.aff_code}</strong>
        </p>
        <p className="invite-link">{home.share_url}</p>
        <List className="my-list">
          <LinkItem to="/share/index">分享二维码 / 复制链接</LinkItem>
          <LinkItem to="/my/proxy-rule">推广规则</LinkItem>
        </List>
      </section>
      <section className="wallet-card" aria-label="分级收益">
        <h2>分级收益</h2>
        <AgentLevels levels={home.levels} />
      </section>
      <section className="wallet-card" aria-label="邀请的会员">
        <h2>邀请的会员（{home.invited_total}）</h2>
        {home.invited.length ? (
          <ul className="paged-list">
            {home.invited.map((m) => (
              <li key={m.uid} className="record">
                <p>{m.nickname || `会员 ${m.uid}`}</p>
                <small>{formatTime(m.created_at)}</small>
              </li>
            ))}
          </ul>
        ) : (
          <p className="wallet-note">还没有邀请到会员，分享你的链接吧</p>
        )}
      </section>
      <section className="wallet-card" aria-label="收益明细">
        <h2>收益明细</h2>
        {home.income.length ? (
          <ul className="paged-list">
            {home.income.map((i) => (
              <li key={i.id} className="record">
                <div>
                  <p>
                    {i.level} 级 · {i.nickname}
                  </p>
                  <small>
                    充值 ¥{i.order_amount} · {formatTime(i.created_at)}
                  </small>
                </div>
                <p className="is-in">+¥{i.amount}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="wallet-note">暂无收益</p>
        )}
      </section>
      <section className="wallet-card" aria-label="收益提现记录">
        <h2>提现记录</h2>
        <WithdrawalList items={money.recent} unit="元" />
      </section>
    </Page>
  );
}

export function meta() {
  return [{ title: "推广中心 — 影音" }];
}
