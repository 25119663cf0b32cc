import { Button } from "#app/components/kit/button.tsx";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { orders } from "#gateway/api/index.ts";
import type { WithdrawRules } from "#gateway/api/orders.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { centsOf, withdrawalQuote, yuan } from "#gateway/money.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { confirmDialog, toast } from "#app/lib/feedback.ts";
import { useSubmission } from "#app/lib/submission.ts";
import { Choices } from "#app/components/wallet/choices.tsx";
import { attempt } from "#app/lib/silent-call.ts";
import "#app/components/wallet/wallet.css";

export type WithdrawSource = "coins" | "agent";
type Source = WithdrawSource;
type Field = "amount" | "type" | "name" | "no";
/** What is wrong, by the field it is about; `form` for what no one field can fix (the daily count). */
type Problems = Partial<Record<Field | "form", string>>;

interface Props {
  source: Source;
  /** The rules; coins come with their rate to the yuan. */
  rules: WithdrawRules & { coins_per_yuan?: number };
  /** What can be withdrawn now, in the source's unit (coins, or yuan as text). */
  available: string;
  visible: boolean;
  onClose: () => void;
}

export const WITHDRAW_UNIT: Record<Source, string> = { coins: "金币", agent: "元" };

/** An amount typed or given in the source's unit, as an integer of coins or of cents; undefined when malformed. */
function unitsOf(source: Source, text: string): number | undefined {
  if (source === "coins") return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : undefined;
  return centsOf(text);
}

const shown = (source: Source, units: number) => (source === "coins" ? `${units} 金币` : `¥${yuan(units)}`);

/** The member's own check before sending, by field; the gateway checks again with the same words. */
function problemsOf(source: Source, rules: WithdrawRules, v: { amount: string; type: string; name: string; no: string }): Problems {
  const problems: Problems = {};
  const units = unitsOf(source, v.amount);
  if (units === undefined) problems.amount = source === "coins" ? "请输入整数金币" : "请输入金额，最多两位小数";
  else if (units < unitsOf(source, rules.min)! || units > unitsOf(source, rules.max)!) problems.amount = `每次提现 ${rules.min}–${rules.max} ${WITHDRAW_UNIT[source]}`;
  if (!v.type) problems.type = "请选择收款方式";
  const name = v.name.trim();
  const { min, max } = orders.PAYOUT_ACCOUNT_NAME;
  if (name.length < min || name.length > max || !/^[\p{L}·. ]+$/u.test(name)) problems.name = `收款人姓名应为 ${min}–${max} 个文字`;
  const no = v.no.replace(/\s+/g, "");
  if (v.type === "bank" && !/^\d{12,19}$/.test(no)) problems.no = "银行卡号应为 12–19 位数字";
  if (v.type === "alipay" && !/^1\d{10}$/.test(no) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(no)) problems.no = "支付宝账号应为手机号或邮箱";
  return problems;
}

const FIELD_OF: [RegExp, Field][] = [
  [/每次提现|不足/, "amount"],
  [/收款方式/, "type"],
  [/姓名/, "name"],
  [/账号|卡号/, "no"],
];

/** The gateway's refusal (every problem in one message, joined by "；") put under the fields it is about. */
function byField(message: string): Problems {
  const problems: Problems = {};
  for (const part of message.split("；")) {
    const field = FIELD_OF.find(([pattern]) => pattern.test(part))?.[1] ?? "form";
    problems[field] = problems[field] ? `${problems[field]}；${part}` : part;
  }
  return problems;
}

/** 提现: a bottom sheet asking the amount and the payout account; the amount is frozen as soon as it is accepted. */
export function WithdrawSheet({ source, rules, available, visible, onClose }: Props) {
  const [amount, setAmount] = useState("");
  const [type, setType] = useState(rules.payout_types[0]?.code ?? "");
  const [name, setName] = useState("");
  const [no, setNo] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [pending, setPending] = useState(false);
  // A submit repeated after a lost answer is the same withdrawal; changed fields, or the next one, another.
  const submission = useSubmission();
  const revalidator = useRevalidator();
  const id = (field: Field) => `withdraw-${field}-${source}`;

  const units = unitsOf(source, amount);
  const quote = units === undefined ? undefined : withdrawalQuote(units, centsOf(rules.fee_percent) ?? 0, source === "coins" ? rules.coins_per_yuan : undefined);

  // An edited field's error goes, and the form's with it: they were about what was sent.
  const edit = (field: Field, set: (v: string) => void) => (value: string) => {
    set(value);
    setProblems((p) => {
      const next = { ...p };
      delete next[field];
      delete next.form;
      return next;
    });
  };

  const submit = async () => {
    if (pending) return;
    const found = problemsOf(source, rules, { amount, type, name, no });
    setProblems(found);
    if (Object.keys(found).length || units === undefined || !quote) return;
    const account = {
      account_type: type,
      account_name: name.trim(),
      account_no: no.replace(/\s+/g, ""),
    };
    const payee = rules.payout_types.find((t) => t.code === type)?.name ?? type;
    const confirmed = await confirmDialog({
      title: "确认提现",
      content: (
        <dl className="withdraw-quote">
          <Row term="提现金额">{shown(source, units)}</Row>
          <Row term={`手续费（${rules.fee_percent}%）`}>{shown(source, quote.fee)}</Row>
          <Row term="实际到账">¥{yuan(quote.payoutCents)}</Row>
          <Row term="收款账户">
            {payee} {account.account_no}（{account.account_name}）
          </Row>
        </dl>
      ),
      confirmText: "确认提现",
    });
    if (!confirmed) return;
    setPending(true);
    try {
      const requestId = submission.idFor({ source, amount: amount.trim(), ...account });
      const r =
        source === "coins"
          ? await attempt(orders.withdrawCoins, { ...account, coins: units }, requestId)
          : await attempt(orders.proxyWithdraw, { ...account, amount: yuan(units) }, requestId);
      if (!r.ok) return setProblems(byField(r.msg));
      submission.done();
      toast(r.msg, "success");
      setAmount("");
      onClose();
      void revalidator.revalidate();
    } catch (e) {
      setProblems({ form: getErrorMessage(e) });
    } finally {
      setPending(false);
    }
  };

  // Plain inputs: antd-mobile's Input puts aria-invalid and aria-describedby on its wrapper, not on the control.
  const textField = (field: Field, value: string, set: (v: string) => void): InputHTMLAttributes<HTMLInputElement> => ({
    id: id(field),
    className: "withdraw-input",
    value,
    onChange: (e) => edit(field, set)(e.target.value),
    ...(problems[field] ? { "aria-invalid": true, "aria-describedby": `${id(field)}-error` } : {}),
  });

  return (
    <Sheet visible={visible} onClose={onClose} title={source === "coins" ? "金币提现" : "推广收益提现"}>
      <form
        className="withdraw-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField
          id={id("amount")}
          label={`提现${source === "coins" ? "金币" : "金额（元）"}，可提现 ${available} ${WITHDRAW_UNIT[source]}`}
          error={problems.amount}
          hint={quote && !problems.amount ? `手续费 ${shown(source, quote.fee)}，到账 ¥${yuan(quote.payoutCents)}` : undefined}
        >
          <input
            {...textField("amount", amount, setAmount)}
            inputMode={source === "coins" ? "numeric" : "decimal"}
            placeholder={`最低 ${rules.min}，最高 ${rules.max}`}
          />
        </FormField>
        <FormField id={id("type")} label="收款方式" error={problems.type} group>
          <Choices label="收款方式" options={rules.payout_types} value={type} onChange={edit("type", setType)} />
        </FormField>
        <FormField id={id("name")} label="收款人姓名" error={problems.name}>
          <input {...textField("name", name, setName)} placeholder="收款人真实姓名" aria-label="收款人姓名" maxLength={orders.PAYOUT_ACCOUNT_NAME.max} autoComplete="name" />
        </FormField>
        <FormField id={id("no")} label="收款账号" error={problems.no}>
          <input
            {...textField("no", no, setNo)}
            placeholder={type === "bank" ? "银行卡号" : "支付宝账号（手机号或邮箱）"}
            aria-label="收款账号"
            maxLength={orders.PAYOUT_ACCOUNT_NO.max}
          />
        </FormField>
        {problems.form ? (
          <p className="wallet-error" role="alert">
            {problems.form}
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

/** A field with its label above and its own error (or a hint) under it. */
function FormField({ id, label, error, hint, group = false, children }: { id: string; label: string; error?: string; hint?: string; group?: boolean; children: ReactNode }) {
  return (
    <div className={error ? "withdraw-field is-invalid" : "withdraw-field"}>
      {/* A group of choices names itself (aria-label); a label would point at no one control. */}
      {group ? <span className="withdraw-label">{label}</span> : <label htmlFor={id}>{label}</label>}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="wallet-note">{hint}</p>
      ) : null}
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
