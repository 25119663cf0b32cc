import { Hono } from "hono";
import { join } from "node:path";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { cors } from "hono/cors";
import { accountHandlers } from "#server/accounts/index.ts";
import { communityHandlers } from "#server/community/index.ts";
import { serveEncryptedImage, serveVideo } from "#server/content/media.ts";
import { contentHandlers } from "#server/content/index.ts";
import type { DB } from "#server/db/index.ts";
import type { ServerSettings } from "./env.ts";
import { ERRCODE, handleApiCall, reject, type ApiDeps } from "#server/http/api.ts";
import { readBody } from "#server/http/body.ts";
import { Registry } from "#server/http/registry.ts";
import { securityHeaders } from "#server/http/security-headers.ts";
import { placeholderSvg } from "#server/media/placeholder.ts";
import { serveApp, sendFile } from "#server/static/serve.ts";
import { systemHandlers } from "#server/system/index.ts";
import { handleImageUpload, MAX_IMAGE_BYTES } from "#server/uploads/images.ts";
import { diskStorage, type UploadStorage } from "#server/uploads/storage.ts";
import { contentStoreOf, type ContentStore } from "#server/ingest/store.ts";
import { serveStoredImage } from "#server/ingest/stored-files.ts";
import { handleVideoUpload } from "#server/uploads/videos.ts";
import { walletHandlers } from "#server/wallet/index.ts";
import { paymentRoutes } from "#server/wallet/payment-routes.ts";
import { datingHandlers } from "#server/dating/index.ts";
import { newsHandlers } from "#server/news/index.ts";
import { serviceHandlers } from "#server/services/index.ts";
import { resourceHandlers } from "#server/resources/index.ts";
import { serveAudio } from "#server/resources/audio/tones.ts";
import { serveDemoGame } from "#server/resources/games/demo-page.ts";
import { useClock } from "#server/clock.ts";

// Room for the multipart framing and the other fields around the file.
const FORM_OVERHEAD = 64 * 1024;

/** Caps a multipart body even when it is streamed without a content-length. */
async function limited(c: Context, maxSize: number, msg: string, handle: () => Promise<Response>): Promise<Response> {
  let out: Response | undefined;
  const early = await bodyLimit({ maxSize, onError: (ctx) => ctx.json({ code: 0, msg }, 413) })(c, async () => {
    out = await handle();
  });
  return early ?? out!;
}

export function createRegistry() {
  return new Registry().add(...accountHandlers, ...systemHandlers, ...contentHandlers, ...communityHandlers, ...walletHandlers, ...datingHandlers, ...newsHandlers, ...serviceHandlers, ...resourceHandlers);
}

/**
 * `storage` is where uploads live: by default `{DATA_DIR}/uploads` on this machine (decision 029); `content` where
 * ingested items' files live, `{DATA_DIR}/content` (decision 084).
 */
export function createApp(
  db: DB,
  settings: ServerSettings,
  registry: Registry = createRegistry(),
  storage: UploadStorage = diskStorage(join(settings.dataDir, "uploads")),
  content: ContentStore = contentStoreOf(settings.dataDir),
) {
  const log = (level: "error" | "info", message: string) => {
    if (settings.logLevel === "silent" || (settings.logLevel === "error" && level === "info")) return;
    (level === "error" ? console.error : console.log)(`[gateway] ${message}`);
  };
  useClock(settings.dataDir, settings.testClock);
  const deps: ApiDeps = { db, settings, registry, log, answers: new Map() };
  const uploads = { storage, settings };
  const app = new Hono();

  app.use("*", securityHeaders({ clientDir: settings.clientDir, lines: settings.gateway.lines, tls: Boolean(settings.tls) }));

  app.onError((error, c) => {
    log("error", `${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ errcode: ERRCODE.internal, msg: "internal error" }, 500);
  });

  // An app served by one line calls the others after a failover (docs/protocol.md §5): cross-origin, without
  // credentials. Preflights answer here; other answers carry the allowed origin.
  app.use("*", cors({ origin: settings.corsOrigins, allowMethods: ["GET", "HEAD", "POST"], maxAge: 600 }));

  app.use("*", async (c, next) => {
    // Ping answers on any line root: POST {line}?ping with mod=ping&code=<nonce>.
    if (c.req.method === "POST" && new URL(c.req.url).searchParams.has("ping")) {
      const form = new URLSearchParams((await readBody(c, 4096).catch(() => Buffer.alloc(0))).toString("utf8"));
      return c.json({ code: form.get("code") ?? "", msg: "pong", time: Date.now() });
    }
    await next();
  });

  app.post("*", async (c, next) => {
    const path = c.req.path;
    const lower = path.toLowerCase();
    if (lower === "/imgupload.php") return limited(c, MAX_IMAGE_BYTES + FORM_OVERHEAD, "图片不能超过 5 MB", () => handleImageUpload(c, uploads));
    // Limits its body itself as it reads the Node stream (bodyLimit would hand that stream to a web Request first).
    if (lower === "/videoupload.php") return handleVideoUpload(c, uploads);
    if (lower.startsWith("/api/")) return handleApiCall(c, deps, path);
    await next();
  });

  app.on(["GET", "HEAD"], "/uploads/*", async (c) => {
    const file = await storage.resolve(c.req.path);
    if (!file) return c.text("not found", 404);
    return sendFile(c, file, c.req.path, "public, max-age=31536000, immutable");
  });

  app.get("/media/placeholder/:name", compress(), (c) => {
    const seed = c.req.param("name").replace(/\.svg$/, "");
    const svg = placeholderSvg(seed, Number(c.req.query("w") ?? 320), Number(c.req.query("h") ?? 180), c.req.query("label") ?? "");
    return c.body(svg, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=31536000, immutable" });
  });

  app.get("/media/enc/:name", (c) => serveEncryptedImage(c, settings.gateway.mediaKey));
  app.on(["GET", "HEAD"], "/media/enc/s/*", (c) => serveStoredImage(c, content, settings.mediaUrlSecret));
  // Videos by item: a sold one only for a grant the detail gave to a caller who may play it (decision 067).
  app.on(["GET", "HEAD"], "/media/video/:id/:slot/:file", (c) => serveVideo(c, db, settings.mediaUrlSecret, content));
  app.on(["GET", "HEAD"], "/media/video/:id/:slot/:rendition/:file", (c) => serveVideo(c, db, settings.mediaUrlSecret, content));
  // Audio chapters: answered only for a grant the chapter list gave to a caller who may play them (decision 044).
  app.on(["GET", "HEAD"], "/media/audio/:name", (c) => serveAudio(c, db, settings.mediaUrlSecret, content));
  // The demo games' play page (decision 060): a game's link is this origin's, never an outside address.
  app.on(["GET", "HEAD"], "/media/game/:id", (c) => serveDemoGame(c, db));
  // Media addresses are the gateway's, never the app shell's (a clip's old public address included).
  app.on(["GET", "HEAD"], "/media/*", (c) => c.text("not found", 404));
  // Payment providers' callbacks and the sandbox provider's cashier page (docs/payment-provider.md).
  paymentRoutes(app, db, settings);

  app.post("*", (c) => reject(c, deps, 404, ERRCODE.notFound, `not found: ${c.req.path}`));
  // API paths never fall back to the app shell: a GET there is a client bug worth a clear answer.
  app.on(["GET", "HEAD"], "*", async (c, next) => {
    const lower = c.req.path.toLowerCase();
    if (registry.find(c.req.path) || lower === "/imgupload.php" || lower === "/videoupload.php") {
      return c.json({ errcode: 405, msg: `method not allowed: ${c.req.method} (gateway calls are POST)` }, 405, { allow: "POST" });
    }
    if (lower.startsWith("/api/")) return c.json({ errcode: ERRCODE.notFound, msg: `not found: ${c.req.path}` }, 404);
    await next();
  });
  app.on(["GET", "HEAD"], "*", compress(), (c) => serveApp(c, settings.clientDir));
  app.all("*", (c) => c.json({ errcode: 405, msg: `method not allowed: ${c.req.method}` }, 405));

  return app;
}
