import { Command, Option } from "commander";
import { yuan } from "#gateway/money.ts";
import { listWithdrawals, settleWithdrawal, SettleRefused, type WithdrawalRow } from "#server/wallet/withdrawals.ts";
import { AdminError, printTable, withDatabase } from "./database.ts";

// `npm run admin -- withdrawals list|approve ID|reject ID --reason …`: settles members' withdrawals (decision 038).

const amountOf = (w: WithdrawalRow) => (w.source === "coins" ? `${w.amount} 金币` : `${yuan(w.amount)} 元`);
const row = (w: WithdrawalRow) => [
  String(w.id),
  String(w.user_id),
  w.source,
  amountOf(w),
  yuan(w.payout_cents),
  `${w.account_type} ${w.account_name} ${w.account_no}`,
  w.status,
  new Date(w.created_at).toISOString().replace("T", " ").slice(0, 19),
  w.reason,
];

function show(rows: WithdrawalRow[], json: boolean) {
  if (json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (!rows.length) process.stdout.write("no withdrawals\n");
  else printTable(["id", "member", "source", "amount", "payout (yuan)", "account", "status", "asked (UTC)", "reason"], rows.map(row));
}

const idOf = (text: string) => {
  if (!/^\d{1,12}$/.test(text)) throw new AdminError(`not a withdrawal id: ${text}`);
  return Number(text);
};

async function settle(id: string, decision: "approve" | "reject", reason: string, json: boolean) {
  await withDatabase(async (db) => {
    try {
      show([await settleWithdrawal(db, idOf(id), decision, reason)], json);
    } catch (error) {
      if (error instanceof SettleRefused) throw new AdminError(error.message);
      throw error;
    }
  });
}

const list = new Command("list")
  .description("list withdrawals, oldest first (pending ones unless --status says otherwise)")
  .addOption(new Option("--status <status>", "which").choices(["pending", "approved", "rejected", "all"]).default("pending"))
  .option("--json", "print JSON")
  .action(async (opts: { status: "pending" | "approved" | "rejected" | "all"; json?: boolean }) => {
    await withDatabase(async (db) => show(await listWithdrawals(db, opts.status), Boolean(opts.json)));
  });

const approve = new Command("approve")
  .description("approve a pending withdrawal: the frozen amount is paid out")
  .argument("<id>", "withdrawal id")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { json?: boolean }) => await settle(id, "approve", "", Boolean(opts.json)));

const reject = new Command("reject")
  .description("reject a pending withdrawal: the frozen amount returns to the member")
  .argument("<id>", "withdrawal id")
  .requiredOption("--reason <text>", "why, shown to the member")
  .option("--json", "print JSON")
  .action(async (id: string, opts: { reason: string; json?: boolean }) => await settle(id, "reject", opts.reason, Boolean(opts.json)));

export const withdrawals = new Command("withdrawals")
  .description("members' withdrawals: list, approve, reject")
  .addCommand(list)
  .addCommand(approve)
  .addCommand(reject);
