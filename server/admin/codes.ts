import { randomInt } from "node:crypto";
import { Command, InvalidArgumentError } from "commander";
import { isoDate } from "#server/http/registry.ts";
import { addExchangeCodes, type ExchangeKind, type NewExchangeCode } from "#server/wallet/exchange-codes.ts";
import { AdminError, printTable, withDatabase } from "./database.ts";
import { clock } from "#server/clock.ts";

// `npm run admin -- codes create (--coins N | --vip-days N | --tickets N) [--uses N] [--expires YYYY-MM-DD]
// [--count K] [--json]`: an operator makes exchange codes (decision 064) and hands out what it prints.

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newCode = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

const positive = (what: string, max: number) => (text: string) => {
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) throw new InvalidArgumentError(`${what} must be a whole number from 1 to ${max}`);
  return Number(text);
};

/** The end of the day named (UTC): a code that expires on 2027-01-31 still works all that day. */
const endOfDay = (text: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (!m || !day || day.getUTCDate() !== Number(m[3]) || day.getUTCMonth() !== Number(m[2]) - 1) throw new InvalidArgumentError("must be a date YYYY-MM-DD");
  return day.getTime() + 86_400_000 - 1000;
};

interface CreateOptions {
  coins?: number;
  vipDays?: number;
  tickets?: number;
  uses: number;
  expires?: number;
  count: number;
  json?: boolean;
}

function gift(opts: CreateOptions): { kind: ExchangeKind; amount: number } {
  const gifts = [
    ...(opts.coins ? [{ kind: "coins" as const, amount: opts.coins }] : []),
    ...(opts.vipDays ? [{ kind: "vip" as const, amount: opts.vipDays }] : []),
    ...(opts.tickets ? [{ kind: "ticket" as const, amount: opts.tickets }] : []),
  ];
  if (gifts.length !== 1) throw new AdminError("say what each code gives: one of --coins N, --vip-days N, --tickets N");
  return gifts[0]!;
}

const create = new Command("create")
  .description("make exchange codes; each member may redeem a code once, up to --uses members in all")
  .option("--coins <n>", "each code gives N coins", positive("--coins", 1_000_000))
  .option("--vip-days <n>", "each code gives N days of VIP (from the member's current end while VIP, else from now)", positive("--vip-days", 3650))
  .option("--tickets <n>", "each code gives N vouchers", positive("--tickets", 100))
  .option("--uses <n>", "how many members may redeem each code", positive("--uses", 1_000_000), 1)
  .option("--expires <date>", "the last day (UTC) a code can be redeemed, YYYY-MM-DD", endOfDay)
  .option("--count <k>", "how many codes to make", positive("--count", 10_000), 1)
  .option("--json", "print JSON")
  .action(async (opts: CreateOptions) => {
    const { kind, amount } = gift(opts);
    if (opts.expires !== undefined && opts.expires <= clock.now()) throw new AdminError("--expires is in the past");
    const codes: NewExchangeCode[] = [];
    await withDatabase(async (db) => {
      while (codes.length < opts.count) {
        const code: NewExchangeCode = { code: newCode(), kind, amount, maxUses: opts.uses, ...(opts.expires !== undefined ? { expiresAt: opts.expires } : {}) };
        // A clash with a code already there (1 in 32^12) is skipped and drawn again.
        if (await addExchangeCodes(db, [code])) codes.push(code);
      }
    });
    const rows = codes.map((c) => ({ code: c.code, kind: c.kind, amount: c.amount, uses: c.maxUses!, expires_at: c.expiresAt ? isoDate(c.expiresAt) : "" }));
    if (opts.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else printTable(["CODE", "GIVES", "USES", "EXPIRES (UTC)"], rows.map((r) => [r.code, `${r.amount} ${r.kind === "vip" ? "VIP days" : r.kind === "ticket" ? "vouchers" : "coins"}`, String(r.uses), r.expires_at || "never"]));
  });

export const codes = new Command("codes").description("exchange codes: create").addCommand(create);
