import { Command } from "commander";
import { call } from "./commands/call.ts";
import { decrypt } from "./commands/decrypt.ts";
import { encrypt } from "./commands/encrypt.ts";
import { login, logout } from "./commands/login.ts";
import { ping } from "./commands/ping.ts";
import { replay } from "./commands/replay.ts";
import { smoke } from "./commands/smoke.ts";
import { uploadImage } from "./commands/upload-image.ts";
import { uploadVideo } from "./commands/upload-video.ts";
import { reportError } from "./lib/output.ts";

const program = new Command("gw")
  .description("probe the media gateway: ping lines, call paths, decrypt and replay captures, upload files")
  .option("--lines <urls>", "comma-separated gateway lines (env GATEWAY_LINES; default http://127.0.0.1:3000)")
  .option("--aes-key <key>", "16-byte AES key (env GATEWAY_AES_KEY)")
  .option("--aes-iv <iv>", "16-byte AES IV (env GATEWAY_AES_IV)")
  .option("--sign-secret <secret>", "sign secret (env GATEWAY_SIGN_SECRET)")
  .option("--timeout <ms>", "per-call timeout in milliseconds")
  .option("--profile <name>", "saved profile: device id and token ($GW_HOME/profiles.json)", "default")
  .option("--json", "print data as JSON for scripts")
  .showHelpAfterError();

for (const command of [ping, call, login, logout, decrypt, encrypt, replay, uploadImage, uploadVideo, smoke]) program.addCommand(command);

// Output piped into `head` and the like: the reader is gone, so stop quietly (as other Unix tools do).
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  reportError(error);
  process.exitCode = 1;
}
