import { orders } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { AgentLevels } from "#app/components/wallet/agent-levels.tsx";
import "#app/components/wallet/wallet.css";
import { api } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/proxy-rule";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const home = await api(orders.proxyIndex, undefined);
  return { levels: home.levels, rules: home.rules };
}

export default function ProxyRule({ loaderData: { levels, rules } }: Route.ComponentProps) {
  return (
    <Page title="推广规则">
      <section className="wallet-card" aria-label="收益比例">
        <h2>收益比例</h2>
        <AgentLevels levels={levels} withIncome={false} />
      </section>
      <section className="wallet-card prose" aria-label="规则说明">
        <h2>规则说明</h2>
        <ol>
          {rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </section>
    </Page>
  );
}

export function meta() {
  return [{ title: "推广规则 — 影音" }];
}
