import { Button, Input } from "antd-mobile";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { orders } from "#gateway/api/index.ts";
import type { WithdrawRules } from "#gateway/api/orders.ts";
import { newRequestId } from "#gateway/client.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { toast } from "#app/lib/feedback.ts";
import { Choices } from "./choices.tsx";
import { attempt } from "#app/lib/silent-call.ts";
import "./wallet.css";

export type WithdrawSource = "coins" | "agent";
type Source = WithdrawSource;

interface Props {
  source: Source;
  rules: WithdrawRules;
  /** What can be withdrawn now, in the source's unit (coins, or yuan as text). */
  available: string;
  visible: boolean;
  onClose: () => void;
}

export const WITHDRAW_UNIT: Record<Source, string> = { coins: "金币", agent: "元" };

/** The member's own check before sending, every problem at once; the gateway checks again. */
function problemsOf(source: Source, rules: WithdrawRules, v: { amount: string; type: string; name: string; no: string }): string[] {
  const problems: string[] = [];
  const pattern = source === "coins" ? /^\d{1,9}$/ : /^\d{1,9}(\.\d{1,2})?$/;
  if (!pattern.test(v.amount.trim())) problems.push(source === "coins" ? "请输入整数金币" : "请输入金额，最多两位小数");
  else if (Number(v.amount) < Number(rules.min) || Number(v.amount) > Number(rules.max)) problems.push(`每次提现 ${rules.min}–${rules.max} ${WITHDRAW_UNIT[source]}`);
  if (!v.type) problems.push("请选择收款方式");
  const name = v.name.trim();
  if (name.length < orders.PAYOUT_ACCOUNT_NAME.min || name.length > orders.PAYOUT_ACCOUNT_NAME.max)
    problems.push(`收款人姓名应为 ${orders.PAYOUT_ACCOUNT_NAME.min}–${orders.PAYOUT_ACCOUNT_NAME.max} 个文字`);
  const no = v.no.replace(/\s+/g, "");
  if (v.type === "bank" && !/^\d{12,19}$/.test(no)) problems.push("银行卡号应为 12–19 位数字");
  if (v.type === "alipay" && !/^1\d{10}$/.test(no) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(no)) problems.push("支付宝账号应为手机号或邮箱");
  return problems;
}

/** 提现: a bottom sheet asking the amount and the payout account; the amount is frozen as soon as it is accepted. */
export function WithdrawSheet({ source, rules, available, visible, onClose }: Props) {
  const [amount, setAmount] = useState("");
  const [type, setType] = useState(rules.payout_types[0]?.code ?? "");
  const [name, setName] = useState("");
  const [no, setNo] = useState("");
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  // One request id per filled-in form: a submit repeated after a lost answer is the same withdrawal.
  const [requestId, setRequestId] = useState(newRequestId);
  const revalidator = useRevalidator();

  const submit = async () => {
    const problems = problemsOf(source, rules, { amount, type, name, no });
    if (problems.length) return setError(problems.join("；"));
    setPending(true);
    setError("");
    try {
      const account = {
        account_type: type,
        account_name: name.trim(),
        account_no: no.replace(/\s+/g, ""),
      };
      const r =
        source === "coins"
          ? await attempt(orders.withdrawCoins, { ...account, coins: Number(amount) }, requestId)
          : await attempt(orders.proxyWithdraw, { ...account, amount: amount.trim() }, requestId);
      if (!r.ok) return setError(r.msg);
      toast(r.msg, "success");
      setAmount("");
      setRequestId(newRequestId());
      onClose();
      void revalidator.revalidate();
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <Sheet visible={visible} onClose={onClose} title={source === "coins" ? "金币提现" : "推广收益提现"}>
      <form
        className="withdraw-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`withdraw-amount-${source}`}>
          提现{source === "coins" ? "金币" : "金额（元）"}，可提现 {available} {WITHDRAW_UNIT[source]}
        </label>
        <Input
          id={`withdraw-amount-${source}`}
          value={amount}
          onChange={setAmount}
          inputMode={source === "coins" ? "numeric" : "decimal"}
          placeholder={`最低 ${rules.min}，最高 ${rules.max}`}
          clearable
        />
        <span className="wallet-note">收款方式</span>
        <Choices label="收款方式" options={rules.payout_types} value={type} onChange={setType} />
        <Input value={name} onChange={setName} placeholder="收款人真实姓名" aria-label="收款人姓名" maxLength={orders.PAYOUT_ACCOUNT_NAME.max} clearable />
        <Input
          value={no}
          onChange={setNo}
          placeholder={type === "bank" ? "银行卡号" : "支付宝账号（手机号或邮箱）"}
          aria-label="收款账号"
          maxLength={orders.PAYOUT_ACCOUNT_NO.max}
          clearable
        />
        {error ? (
          <p className="wallet-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" color="primary" block loading={pending}>
          提交提现申请
        </Button>
        <p className="wallet-note">
          手续费 {rules.fee_percent}%，每天最多 {rules.daily_limit} 次（今日已申请 {rules.today_count} 次）。提交后金额立即冻结，审核通过后打款，未通过则退回。
        </p>
      </form>
    </Sheet>
  );
}
