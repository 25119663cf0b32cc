import { z } from "zod";
import { orders } from "#gateway/api/index.ts";
import type { CoinMovement, Order } from "#gateway/api/orders.ts";
import { defineHandler, ApiError, idInput, isoDate, paged, pageInput } from "#server/http/registry.ts";
import type { ServerSettings } from "#server/env.ts";
import { activeProvider, createOrder, type OrderRow } from "./payments.ts";
import { activeProducts, PAY_METHODS, payMethodName, productById, toProduct } from "./products.ts";
import { yuan } from "#gateway/money.ts";
import { clock } from "#server/clock.ts";

export const productList = defineHandler(orders.productList, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  async handle({ db }) {
    const products = (await activeProducts(db)).map(toProduct);
    return {
      data: {
        coins: products.filter((p) => p.kind === "coins"),
        vip: products.filter((p) => p.kind === "vip"),
      },
    };
  },
});

/** Where the payer may return after paying: the gateway's own origin, or an app origin it serves (CORS). */
function returnOrigin(value: string, origin: string, settings: ServerSettings): string {
  if (!value || value === origin) return "";
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const allowed = url && /^https?:$/.test(url.protocol) && url.origin === value && (settings.corsOrigins === "*" || settings.corsOrigins.includes(value));
  if (!allowed) throw new ApiError(400, "返回地址无效");
  return value;
}

export const createPaying = defineHandler(orders.createPaying, {
  auth: "member",
  input: z.object({
    product_id: idInput("商品 id"),
    pay_method: z.string({ error: "请选择支付方式" }).max(20, "请选择支付方式"),
    return_origin: z.string({ error: "返回地址无效" }).max(200, "返回地址无效").optional().default(""),
  }),
  async handle({ input, db, origin, settings, caller }) {
    const product = await productById(db, input.product_id);
    if (!product) throw new ApiError(404, "商品不存在或已下架");
    if (!toProduct(product).pay_methods.some((m) => m.code === input.pay_method))
      throw new ApiError(400, `该商品不支持${payMethodName(input.pay_method)}，请换一种支付方式`);
    const back = returnOrigin(input.return_origin, origin, settings);
    const { order, payUrl } = await createOrder(db, {
      userId: caller.user.id,
      product,
      payMethod: input.pay_method,
      provider: activeProvider(settings),
      origin,
      back,
    });
    return {
      msg: "订单已创建",
      data: {
        order_no: order.order_no,
        pay_url: payUrl,
        expires_at: isoDate(order.expires_at),
      },
    };
  },
});

function toOrder(row: OrderRow, now: number): Order {
  return {
    order_no: row.order_no,
    kind: row.kind,
    name: row.name,
    amount: yuan(row.amount_cents),
    amount_cents: row.amount_cents,
    coins: row.coins,
    vip_days: row.vip_days,
    pay_method: row.pay_method,
    pay_method_name: PAY_METHODS.find((m) => m.code === row.pay_method)?.name ?? row.pay_method,
    // A pending order past its time is expired; a late payment still makes it paid.
    status: row.status === "pending" && row.expires_at <= now ? "expired" : row.status,
    created_at: isoDate(row.created_at),
    expires_at: isoDate(row.expires_at),
    paid_at: row.paid_at ? isoDate(row.paid_at) : "",
  };
}

export const orderList = defineHandler(orders.orderList, {
  auth: "member",
  input: pageInput.extend({
    order_no: z.string({ error: "订单号无效" }).max(40, "订单号无效").optional(),
  }),
  async handle({ input, db, caller }) {
    const where = input.order_no ? "user_id = ? AND order_no = ?" : "user_id = ?";
    const params = input.order_no ? [caller.user.id, input.order_no] : [caller.user.id];
    const total = (await db.value<number>(`SELECT COUNT(*) FROM orders WHERE ${where}`, params))!;
    const rows = (await db.all(`SELECT * FROM orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, [
      ...params,
      input.limit,
      (input.page - 1) * input.limit,
    ])) as OrderRow[];
    const now = clock.now();
    return {
      data: paged(
        rows.map((r) => toOrder(r, now)),
        input.page,
        input.limit,
        total,
      ),
    };
  },
});

const REASONS: Record<string, string> = {
  recharge: "充值",
  buy_video: "购买视频",
  buy_news: "购买文章",
  buy_dating: "解锁约会联系方式",
  buy_picture: "购买图集",
  buy_game: "购买游戏",
  buy_novel_book: "购买整本小说",
  buy_novel_chapter: "购买小说章节",
  buy_audio_book: "购买整本有声书",
  buy_audio_chapter: "购买有声书章节",
  buy_comic_book: "购买整本漫画",
  buy_comic_chapter: "购买漫画章节",
  find_reward: "求片悬赏",
  reward: "打赏",
  join_club: "加入粉丝团",
  exchange_code: "兑换码",
  withdraw: "提现（冻结）",
  withdraw_refund: "提现退回",
};

interface MovementRow {
  id: number;
  coins: number;
  reason: string;
  balance_after: number;
  created_at: number;
  item_title: string | null;
  item_text: string | null;
  unit_seq: number | null;
  unit_title: string | null;
  club_name: string | null;
}

const MAX_NAME = 20;
const clip = (text: string) => {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > MAX_NAME ? `${chars.slice(0, MAX_NAME - 1).join("")}…` : chars.join("");
};

/**
 * A movement in words, with what it was for: 购买视频《…》, 购买小说章节《…》第3章 …, 加入…的粉丝团. The names
 * are read now (the ledger keeps the item and unit); a post without a title is named by its first words.
 */
function movementTitle(r: MovementRow): string {
  const words = REASONS[r.reason] ?? (r.reason.startsWith("buy_") ? "购买内容" : "金币变动");
  if (r.reason === "join_club" && r.club_name) return `加入${r.club_name}`;
  const name = clip(r.item_title || r.item_text || "");
  if (!name) return words;
  const unit = r.unit_title ? ` ${clip(r.unit_title)}` : r.unit_seq ? ` 第${r.unit_seq}${r.reason.startsWith("buy_comic") ? "话" : r.reason.startsWith("buy_audio") ? "集" : "章"}` : "";
  return `${words}《${name}》${unit}`;
}

export const coinsDetail = defineHandler(orders.coinsDetail, {
  auth: "member",
  input: pageInput,
  async handle({ input, db, caller }) {
    const total = (await db.value<number>("SELECT COUNT(*) FROM spending WHERE user_id = ?", [caller.user.id]))!;
    // A fan club's fee has no item: the membership joined in the same transaction (same member, same time) names it.
    const rows = await db.all<MovementRow>(
      `SELECT s.id, s.coins, s.reason, s.balance_after, s.created_at, i.title AS item_title, i.description AS item_text, u.seq AS unit_seq, u.title AS unit_title, c.name AS club_name
       FROM spending s
       LEFT JOIN items i ON i.id = s.item_id
       LEFT JOIN item_units u ON u.id = s.unit_id AND u.item_id = s.item_id
       LEFT JOIN club_members m ON s.reason = 'join_club' AND m.user_id = s.user_id AND m.joined_at = s.created_at
       LEFT JOIN clubs c ON c.creator_id = m.creator_id
       WHERE s.user_id = ? ORDER BY s.id DESC LIMIT ? OFFSET ?`,
      [caller.user.id, input.limit, (input.page - 1) * input.limit],
    );
    // The ledger stores what left the balance; the record shows what came in as positive.
    const list: CoinMovement[] = rows.map((r) => ({
      id: r.id,
      coins: -r.coins,
      reason: r.reason,
      title: movementTitle(r),
      balance_after: r.balance_after,
      created_at: isoDate(r.created_at),
    }));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const orderHandlers = [productList, createPaying, orderList, coinsDetail];
