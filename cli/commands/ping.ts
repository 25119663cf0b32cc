import { Command } from "commander";
import { pingAll } from "#gateway/lines.ts";
import { resolveContext } from "../lib/context.ts";
import { CliError, paint, printJson, printTable } from "../lib/output.ts";

export const ping = new Command("ping")
  .description("ping every line in parallel and show which one becomes the base")
  .action(async (_opts, command: Command) => {
    const ctx = resolveContext(command);
    const result = await pingAll(ctx.config.lines, ctx.timeoutMs ? { timeoutMs: ctx.timeoutMs } : {});
    const anyOk = result.reports.some((r) => r.ok);
    if (ctx.json) printJson({ ...result, base: anyOk ? result.base : null });
    else {
      printTable(
        ["line", "status", "ms", "error"],
        result.reports.map((r) => [r.line, r.ok ? paint("green", "ok") : paint("red", "down"), String(r.ms), r.error ?? ""]),
      );
      if (anyOk) process.stdout.write(`base: ${result.base}\n`);
    }
    if (!anyOk) throw new CliError(`no line answered (${ctx.config.lines.length} tried)`);
  });
