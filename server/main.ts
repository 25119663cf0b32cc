import { ConfigError } from "#gateway/config.ts";
import { DEMO_MEMBER } from "#server/seed/index.ts";
import { startServer } from "./start.ts";

try {
  const env: Record<string, string | undefined> = { LOG_LEVEL: "info", ...process.env };
  const running = await startServer({
    dataDir: env.DATA_DIR || "./data",
    port: env.PORT ? Number(env.PORT) : 3000,
    host: env.HOST || "0.0.0.0",
    env,
  });
  const scheme = running.settings.tls ? "https" : "http";
  const url = `${scheme}://${["0.0.0.0", "::"].includes(running.settings.host) ? "localhost" : running.settings.host}:${running.port}`;
  console.log(`网关已启动 gateway listening on ${url}`);
  console.log(`data: ${running.settings.dataDir}`);
  console.log(`演示账号 demo member (${DEMO_MEMBER.username}): phone ${DEMO_MEMBER.phone} / password ${DEMO_MEMBER.password}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`invalid configuration: ${error.problems.join("; ")}`);
  } else {
    console.error(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
