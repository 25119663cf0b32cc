import type { Endpoint } from "#gateway/client.ts";
import { GatewayClient } from "#gateway/client.ts";
import { configFromEnv, parseLines } from "#gateway/config.ts";
import { buildIdentity, loadOAuthId } from "#gateway/identity.ts";
import { selectBaseLine } from "#gateway/lines.ts";
import { createWorkerEnvelope } from "#gateway/worker-envelope.ts";
import { userStore } from "#app/stores/user.ts";
import { noteReachability } from "./connectivity.ts";
import { toast } from "./feedback.ts";
import { localStore } from "./safe-storage.ts";

export { askToLogin } from "./feedback.ts";

let ready: Promise<GatewayClient> | undefined;
type SessionInfo = { hasToken: boolean; message: string };
let sessionHandler: ((info: SessionInfo) => void) | undefined;
// A 420 during the first load arrives before the root has mounted; keep it for the handler.
let pendingSessionInfo: SessionInfo | undefined;

/** The app's one gateway client. Lines default to the origin that served the app. */
function createClient(): GatewayClient {
  const env = import.meta.env;
  const lines = parseLines(env.VITE_GATEWAY_LINES);
  const config = configFromEnv(
    { GATEWAY_AES_KEY: env.VITE_GATEWAY_AES_KEY, GATEWAY_AES_IV: env.VITE_GATEWAY_AES_IV, GATEWAY_SIGN_SECRET: env.VITE_GATEWAY_SIGN_SECRET },
    { lines: lines.length ? lines : [window.location.origin] },
  );
  return new GatewayClient({
    config,
    envelope: createWorkerEnvelope(config),
    identity: () =>
      buildIdentity({ oauthId: loadOAuthId(localStore), token: userStore.get().token, build: "1", buildId: __BUILD_ID__ }),
    onError: (message) => toast(message),
    transportMessages: { network: "网络连接失败，请检查网络后重试", timeout: "网络超时，请稍后重试" },
    onReachability: noteReachability,
    onSessionInvalid: (info) => {
      if (sessionHandler) sessionHandler(info);
      else pendingSessionInfo = info;
    },
  });
}

/** The client, once its base line is chosen (the first line to answer a ping). */
export function gatewayReady(): Promise<GatewayClient> {
  if (!ready) {
    // Started in a task of its own: the first calls come from route loaders, which React Router runs inside
    // React's hydration commit; creating the client and its worker there would lengthen that task.
    ready = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
      const c = createClient();
      c.baseLine = await selectBaseLine(c.config.lines);
      return c;
    });
  }
  return ready;
}

/** Calls a typed endpoint. */
export async function api<I, O, R>(ep: Endpoint<I, O, R>, input: I): Promise<R> {
  return (await gatewayReady()).send(ep, input);
}

/** For a form's action: like `api`, but a failure is not toasted; the form shows its message by the fields. */
export async function formApi<I, O, R>(ep: Endpoint<I, O, R>, input: I): Promise<R> {
  return (await gatewayReady()).send(ep, input, { quiet: true });
}

/** Installed by the root: 420 with a token logs out; without one, asks the visitor to log in. */
export function onSessionInvalid(handler: (info: SessionInfo) => void) {
  sessionHandler = handler;
  if (pendingSessionInfo) {
    const info = pendingSessionInfo;
    pendingSessionInfo = undefined;
    handler(info);
  }
}

/** Calls a path by name (a list remembered by the stack store); same rules as `api`. */
export async function callPath<T>(path: string, fields: Record<string, string | number>): Promise<T> {
  return (await (await gatewayReady()).call<T>(path, fields)) as T;
}
