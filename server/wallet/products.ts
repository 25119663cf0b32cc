import type { PayMethod, Product, ProductKind } from "#gateway/api/orders.ts";
import { insertRows } from "#server/content/seed.ts";
import type { DB } from "#server/db/index.ts";
import { yuan } from "#gateway/money.ts";

/** Every way to pay the gateway knows; a product lists the codes it offers. */
export const PAY_METHODS: PayMethod[] = [
  { code: "alipay", name: "支付宝" },
  { code: "wechat", name: "微信支付" },
  { code: "unionpay", name: "银联卡" },
];

export const payMethodName = (code: string) => PAY_METHODS.find((m) => m.code === code)?.name ?? code;

export interface ProductRow {
  id: number;
  kind: ProductKind;
  name: string;
  description: string;
  price_cents: number;
  coins: number;
  bonus_coins: number;
  vip_days: number;
  pay_methods: string;
}

export function toProduct(row: ProductRow): Product {
  const codes = JSON.parse(row.pay_methods) as string[];
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    price: yuan(row.price_cents),
    price_cents: row.price_cents,
    coins: row.coins + row.bonus_coins,
    bonus_coins: row.bonus_coins,
    vip_days: row.vip_days,
    pay_methods: PAY_METHODS.filter((m) => codes.includes(m.code)),
  };
}

export async function activeProducts(db: DB): Promise<ProductRow[]> {
  return (await db.all("SELECT * FROM products WHERE active = 1 ORDER BY kind, sort, id")) as ProductRow[];
}

export async function productById(db: DB, id: number): Promise<ProductRow | undefined> {
  return (await db.get("SELECT * FROM products WHERE id = ? AND active = 1", [id])) as ProductRow | undefined;
}

const ALL = JSON.stringify(PAY_METHODS.map((m) => m.code));
const NO_CARD = JSON.stringify(["alipay", "wechat"]);

// id, kind, name, description, price (cents), coins, bonus coins, VIP days, pay methods.
const DEMO_PRODUCTS: unknown[][] = [
  [1, "coins", "100 金币", "", 1000, 100, 0, 0, ALL],
  [2, "coins", "300 金币", "赠送 30 金币", 3000, 300, 30, 0, ALL],
  [3, "coins", "500 金币", "赠送 80 金币", 5000, 500, 80, 0, ALL],
  [4, "coins", "1000 金币", "赠送 200 金币", 9800, 1000, 200, 0, NO_CARD],
  [11, "vip", "月卡 VIP", "30 天畅看 VIP 视频", 3000, 0, 0, 30, ALL],
  [12, "vip", "季卡 VIP", "90 天畅看 VIP 视频", 6800, 0, 0, 90, ALL],
  [13, "vip", "年卡 VIP", "365 天畅看 VIP 视频", 19800, 0, 0, 365, NO_CARD],
];

/** The demo coin packages and VIP plans, once (server/seed/index.ts). */
export async function seedProducts(db: DB) {
  if (await db.get("SELECT 1 FROM products")) return;
  const rows = DEMO_PRODUCTS.map((row, i) => [...row, i]);
  await insertRows(
    db,
    "products (id, kind, name, description, price_cents, coins, bonus_coins, vip_days, pay_methods, sort)",
    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    rows,
  );
}
