import { Command } from "commander";
import { getErrorMessage } from "#gateway/errors.ts";
import { withdrawals } from "./withdrawals.ts";
import { support } from "./support.ts";
import { reports } from "./reports.ts";
import { codes } from "./codes.ts";
import { content } from "./content/index.ts";

// Operators' tools on the gateway's own database (`npm run admin -- <command>`), configured by the same
// environment as the gateway (DATA_DIR or DATABASE_URL). One file per command, one line each below.
const program = new Command("admin").description("operate the reference gateway: settle withdrawals and more").showHelpAfterError();

program.addCommand(withdrawals);
program.addCommand(support);
program.addCommand(reports);
program.addCommand(codes);
program.addCommand(content);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`error: ${getErrorMessage(error).split("\n")[0]}\n`);
  process.exitCode = 1;
}
