import { confirmDialog, toast } from "#app/lib/feedback.ts";
import { spendStore } from "#app/stores/spend.ts";

/** What 设置 offers: spends up to `askAbove` coins go ahead without asking. */
export const SPEND_QUESTION_CHOICES = [
  { askAbove: 0, label: "每次都询问" },
  { askAbove: 10, label: "10 金币及以下不询问" },
  { askAbove: 50, label: "50 金币及以下不询问" },
] as const;

/**
 * Asks once before coins are spent, with the price and the balance (「解锁《标题》需 10 金币，当前余额 50 金币」).
 * Too few coins says 金币不足 without asking; a price the member chose not to be asked about (设置) goes ahead.
 * Resolves true when the spend may go ahead.
 */
export async function confirmSpend({ what, price, balance, confirmText }: { what: string; price: number; balance: number; confirmText: string }): Promise<boolean> {
  if (price > balance) {
    toast("金币不足");
    return false;
  }
  if (price <= spendStore.get().askAbove) return true;
  return confirmDialog({ title: "确认花费", content: `${what}需 ${price} 金币，当前余额 ${balance} 金币`, confirmText });
}
