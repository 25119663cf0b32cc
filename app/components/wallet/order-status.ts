import type { OrderStatus, WithdrawalStatus } from "#gateway/api/orders.ts";

export const ORDER_STATUS: Record<OrderStatus, string> = {
  pending: "待支付",
  paid: "已支付",
  failed: "支付失败",
  expired: "已过期",
};
export const WITHDRAWAL_STATUS: Record<WithdrawalStatus, string> = {
  pending: "审核中",
  approved: "已打款",
  rejected: "已驳回",
};
