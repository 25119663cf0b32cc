import { Command } from "commander";
import { userById } from "#server/accounts/users.ts";
import { isoDate } from "#server/http/registry.ts";
import { addSupportMessage, conversation } from "#server/services/support.ts";
import { AdminError, printTable, withDatabase } from "./database.ts";

// Operators answer members' support conversations (decision 039): the app polls, so a reply added here shows in
// the member's open conversation within one poll.

const memberId = (value: string) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AdminError(`not a member id: ${value}`);
  return id;
};

const print = (json: boolean, data: unknown, table: () => void) => (json ? process.stdout.write(`${JSON.stringify(data, null, 2)}\n`) : table());

const list = new Command("list")
  .description("conversations whose last message is the member's (waiting for a reply)")
  .option("--json", "print JSON")
  .action(async (opts: { json?: boolean }) => {
    const rows = await withDatabase((db) =>
      db.all<{
        user_id: number;
        nickname: string;
        content: string;
        created_at: number;
      }>(
        `SELECT m.user_id, u.nickname, m.content, m.created_at FROM support_messages m JOIN users u ON u.id = m.user_id
         WHERE m.id = (SELECT MAX(id) FROM support_messages WHERE user_id = m.user_id) AND m.from_staff = 0 ORDER BY m.id`,
      ),
    );
    print(Boolean(opts.json), rows, () =>
      rows.length
        ? printTable(
            ["MEMBER", "NICKNAME", "LAST MESSAGE", "AT (UTC)"],
            rows.map((r) => [String(r.user_id), r.nickname, r.content.slice(0, 30) || "[图片]", isoDate(r.created_at)]),
          )
        : process.stdout.write("no conversation is waiting\n"),
    );
  });

const show = new Command("show")
  .description("a member's conversation, oldest first")
  .argument("<member>", "member id")
  .option("--json", "print JSON")
  .action(async (member: string, opts: { json?: boolean }) => {
    const rows = await withDatabase((db) => conversation(db, memberId(member)));
    print(Boolean(opts.json), rows, () =>
      printTable(
        ["ID", "FROM", "MESSAGE", "AT (UTC)"],
        rows.map((r) => [
          String(r.id),
          r.from_staff ? "staff" : "member",
          [r.content, ...(JSON.parse(r.images) as string[])].filter(Boolean).join(" "),
          isoDate(r.created_at),
        ]),
      ),
    );
  });

const reply = new Command("reply")
  .description("answer a member as the support staff")
  .argument("<member>", "member id")
  .argument("<text...>", "the reply")
  .option("--json", "print JSON")
  .action(async (member: string, words: string[], opts: { json?: boolean }) => {
    const text = words.join(" ").trim();
    if (!text) throw new AdminError("the reply is empty");
    const row = await withDatabase(async (db) => {
      const id = memberId(member);
      if (!(await userById(db, id))) throw new AdminError(`no member ${id}`);
      return await addSupportMessage(db, id, true, text);
    });
    print(Boolean(opts.json), row, () => process.stdout.write(`replied to member ${member} (message ${row.id})\n`));
  });

export const support = new Command("support").description("answer members' support conversations").addCommand(list).addCommand(show).addCommand(reply);
