import { Tabs } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { useState } from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { orders } from "#gateway/api/index.ts";
import type { Product, ProductKind } from "#gateway/api/orders.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { ErrorBlock } from "#app/components/kit/error-block.tsx";
import { LinkItem } from "#app/components/link-item.tsx";
import { Page } from "#app/components/page.tsx";
import { Choices } from "#app/components/wallet/choices.tsx";
import { WalletCard } from "#app/components/wallet/wallet-figures.tsx";
import "#app/components/wallet/wallet.css";
import { api, quietApi, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { formatTime } from "#app/lib/format.ts";
import { syncUser } from "#app/lib/session.ts";
import { vipEndAfter } from "#app/lib/vip.ts";
import type { Route } from "./+types/recharge";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const [products, u] = await Promise.all(together(() => [api(orders.productList, undefined), syncUser()]));
  // The phone's time when the plans were read: what "after buying" counts from while VIP has ended.
  return { products, coins: u.coins, vip: u.vip, vipEnd: u.vip_expires_at ?? "", now: Date.now() };
}

/**
 * A switch of tab is a change of the query string only: what the loader read is still right. A revalidation
 * (the same address: back from the cashier, decision 057) reads the balance again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
}

export default function Recharge({ loaderData: { products, coins, vip, vipEnd, now } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const kind: ProductKind = params.get("tab") === "vip" ? "vip" : "coins";
  return (
    <Page title="充值中心">
      <WalletCard
        figures={[
          { value: coins, label: "金币余额", testId: "recharge-coins" },
          { value: vip ? "VIP" : "—", label: vip ? `到期 ${formatTime(vipEnd)}` : "会员" },
        ]}
      />
      <Tabs activeKey={kind} onChange={(key) => setParams(key === "vip" ? { tab: "vip" } : {}, { replace: true })}>
        <Tabs.Tab key="coins" title="金币充值" />
        <Tabs.Tab key="vip" title="VIP 会员" />
      </Tabs>
      {/* Another tab is another form: the choice of one does not carry over. */}
      <Checkout key={kind} products={products[kind]} vip={Boolean(vip)} vipEnd={vipEnd} now={now} />
      <List className="my-list">
        <LinkItem to="/my/recharge-records">充值记录</LinkItem>
      </List>
    </Page>
  );
}

function Checkout({ products, vip, vipEnd, now }: { products: Product[]; vip: boolean; vipEnd: string; now: number }) {
  const [productId, setProductId] = useState(products[0]?.id ?? 0);
  const product = products.find((p) => p.id === productId);
  const [method, setMethod] = useState(product?.pay_methods[0]?.code ?? "");
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  if (!product) return <ErrorBlock status="empty" title="暂无可购买的套餐" description="" />;
  const payMethod = product.pay_methods.some((m) => m.code === method) ? method : (product.pay_methods[0]?.code ?? "");

  const pay = async () => {
    if (!payMethod) return setError("请选择支付方式");
    setPending(true);
    setError("");
    try {
      const paying = await quietApi(orders.createPaying, {
        product_id: product.id,
        pay_method: payMethod,
        return_origin: window.location.origin,
      });
      // The provider's page; it sends the payer back to /my/recharge-records.
      window.location.assign(paying.pay_url);
    } catch (e) {
      setError(getErrorMessage(e));
      setPending(false);
    }
  };

  return (
    <>
      <div className="product-grid" role="radiogroup" aria-label="选择套餐">
        {products.map((p) => (
          <button key={p.id} type="button" className="product" role="radio" aria-checked={p.id === product.id} onClick={() => setProductId(p.id)}>
            <strong>{p.name}</strong>
            <span className="price">¥{p.price}</span>
            {p.description ? <small>{p.description}</small> : null}
          </button>
        ))}
      </div>
      <p className="wallet-note">支付方式</p>
      <Choices label="支付方式" options={product.pay_methods} value={payMethod} onChange={setMethod} />
      {error ? (
        <p className="wallet-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button color="primary" block size="large" loading={pending} onClick={() => void pay()}>
        立即支付 ¥{product.price}
      </Button>
      <p className="wallet-note">
        {product.kind === "coins" ? `到账 ${product.coins} 金币` : `VIP ${product.vip_days} 天（未到期则顺延）`}
        。支付完成后自动返回充值记录。
      </p>
      {product.kind === "vip" ? (
        <p className="wallet-note" data-testid="vip-ends">
          {vip ? `当前会员到期：${formatTime(vipEnd)}` : vipEnd ? `会员已于 ${formatTime(vipEnd)} 到期` : "当前未开通会员"}，购买后到期：{formatTime(vipEndAfter(vipEnd, product.vip_days, now))}
        </p>
      ) : null}
    </>
  );
}

export function meta() {
  return [{ title: "充值中心 — 影音" }];
}
