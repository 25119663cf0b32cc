import type { Context, Hono } from "hono";
import type { DB } from "#server/db/index.ts";
import type { ServerSettings } from "#server/env.ts";
import { BodyTooLargeError, readBody } from "#server/http/body.ts";
import { pagePolicy } from "#server/http/security-headers.ts";
import { PaymentRefused } from "./payment-provider.ts";
import { orderByNo, providerNamed, receiveNotification, type OrderRow } from "./payments.ts";
import { payMethodName } from "./products.ts";
import { checkPageToken, SANDBOX, sandboxNotification, sandboxProvider } from "./sandbox-provider.ts";
import { yuan } from "#gateway/money.ts";
import { clock } from "#server/clock.ts";

// The gateway's payment routes (docs/protocol.md §9, "Orders, wallet and agents"): the providers' callback, and
// the sandbox provider's cashier page. Neither is a gateway call: providers and browsers speak plain HTTP.

const MAX_FORM = 8 * 1024;

async function formOf(c: Context): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams((await readBody(c, MAX_FORM)).toString("utf8")));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STATUS_TEXT: Record<string, string> = {
  paid: "该订单已支付",
  failed: "该订单支付失败",
  expired: "该订单已过期",
};

function cashierPage(order: OrderRow, hidden: Record<string, string>, note = ""): string {
  const expired = order.status === "pending" && order.expires_at <= clock.now();
  const closed = order.status !== "pending" || expired ? STATUS_TEXT[expired ? "expired" : order.status] : "";
  const inputs = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const back = recordsAddress(hidden.back ?? "", order.order_no);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>沙箱收银台</title><style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#111;color:#eee}main{max-width:480px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 4px}.note{color:#aaa;font-size:13px;margin:0 0 20px}dl{background:#1d1d1d;border-radius:12px;padding:12px 16px;margin:0 0 24px}
dt{color:#999;font-size:13px}dd{margin:0 0 10px;word-break:break-all}.amount{font-size:28px;color:#ffb300;font-weight:600}
button,a.btn{display:block;box-sizing:border-box;width:100%;min-height:48px;margin:0 0 12px;border:0;border-radius:24px;font-size:17px;text-align:center;line-height:48px;text-decoration:none}
.pay{background:#ff5c39;color:#fff}.fail{background:#333;color:#eee}.closed{color:#ffb300;margin:0 0 16px}
</style></head><body><main>
<h1>沙箱收银台</h1><p class="note">参考网关自带的测试支付渠道，不会产生真实扣款。</p>
<dl><dt>商品</dt><dd>${escapeHtml(order.name)}</dd><dt>订单号</dt><dd>${escapeHtml(order.order_no)}</dd>
<dt>支付方式</dt><dd>${escapeHtml(payMethodName(order.pay_method))}</dd><dt>金额</dt><dd class="amount">¥${yuan(order.amount_cents)}</dd></dl>
${note ? `<p class="closed" role="alert">${escapeHtml(note)}</p>` : ""}
${
  closed
    ? `<p class="closed" role="status">${closed}</p><a class="btn pay" href="${escapeHtml(back)}">返回充值记录</a>`
    : `<form method="post" action="/sandbox/pay">${inputs}<button class="pay" name="choice" value="pay">确认支付</button><button class="fail" name="choice" value="fail">模拟支付失败</button></form>`
}
</main><script>${LEAVE_BY_REPLACE}</script></body></html>`;
}

/**
 * The cashier as a page with its policy (decision 068): its own inline script and style only; it posts to this
 * origin, and its plain form's redirect goes back to the app (`back`).
 */
function cashier(c: Context, order: OrderRow, hidden: Record<string, string>) {
  const html = cashierPage(order, hidden);
  const back = URL.canParse(hidden.back ?? "") ? new URL(hidden.back!).origin : "";
  return c.html(html, 200, { "content-security-policy": pagePolicy(html, ["connect-src 'self'", `form-action 'self' ${back}`.trim()]) });
}

const recordsAddress = (back: string, orderNo: string) => `${back}/my/recharge-records?order_no=${encodeURIComponent(orderNo)}`;

// The cashier leaves by replacing itself in the payer's history, so back from the records goes where the payer
// came from, not into the cashier again. A form post would add an entry of its own: the choice is posted by
// fetch, asking for the next address as JSON (the plain post and its 303 stay for a browser without scripts).
const LEAVE_BY_REPLACE = `(() => {
  const form = document.querySelector("form");
  let sent = false;
  form?.addEventListener("submit", (e) => {
    if (sent) return;
    e.preventDefault();
    const body = new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    if (e.submitter?.name) body.set(e.submitter.name, e.submitter.value);
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    fetch(form.action, { method: "POST", body, headers: { accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then((answer) => location.replace(answer.next))
      .catch(() => {
        sent = true;
        for (const b of form.querySelectorAll("button")) b.disabled = false;
        form.requestSubmit(e.submitter);
      });
  });
  for (const a of document.querySelectorAll("a.btn")) a.addEventListener("click", (e) => { e.preventDefault(); location.replace(a.href); });
})();`;

/** Adds the payment routes to the gateway. */
export function paymentRoutes(app: Hono, db: DB, settings: ServerSettings) {
  const secret = settings.paymentSandboxSecret;

  // A provider's notification. It answers the provider's ack once the order is settled (or was before), and
  // 400 `fail` to a notification it refuses, so the provider neither stops early nor repeats forever.
  app.post("/payments/:provider/notify", async (c) => {
    const provider = providerNamed(settings, c.req.param("provider"));
    if (!provider) return c.text("fail", 404);
    try {
      await receiveNotification(db, provider, await formOf(c));
      return c.text(provider.ack);
    } catch (error) {
      if (error instanceof PaymentRefused) return c.text("fail", 400);
      if (error instanceof BodyTooLargeError) return c.text("fail", 413);
      throw error;
    }
  });

  app.get("/sandbox/pay", async (c) => {
    const q = {
      order_no: c.req.query("order_no") ?? "",
      back: c.req.query("back") ?? "",
      t: c.req.query("t") ?? "",
    };
    const order = await orderByNo(db, q.order_no);
    if (!order || order.provider !== SANDBOX || !checkPageToken(secret, q.order_no, q.back, q.t))
      return c.html("<!doctype html><p>订单不存在或链接无效</p>", 404);
    return cashier(c, order, q);
  });

  // The payer's choice: the sandbox, playing the provider, notifies the gateway as a real provider would (signed
  // fields, through the same verification), then sends the payer back to the app's records.
  app.post("/sandbox/pay", async (c) => {
    const form = await formOf(c);
    const q = {
      order_no: form.order_no ?? "",
      back: form.back ?? "",
      t: form.t ?? "",
    };
    const order = await orderByNo(db, q.order_no);
    if (!order || order.provider !== SANDBOX || !checkPageToken(secret, q.order_no, q.back, q.t))
      return c.html("<!doctype html><p>订单不存在或链接无效</p>", 404);
    const next = recordsAddress(q.back, order.order_no);
    const byScript = (c.req.header("accept") ?? "").includes("application/json");
    if (order.status !== "pending" || order.expires_at <= clock.now()) return byScript ? c.json({ next }) : cashier(c, order, q);
    const paid = form.choice === "pay";
    const fields = sandboxNotification(secret, {
      orderNo: order.order_no,
      amountCents: order.amount_cents,
      paid,
      tradeNo: `SB${order.id}${clock.now()}`,
    });
    await receiveNotification(db, sandboxProvider(secret), fields);
    return byScript ? c.json({ next }) : c.redirect(next, 303);
  });
}
