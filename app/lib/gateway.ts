import type { Endpoint } from "#gateway/client.ts";
import { GatewayClient } from "#gateway/client.ts";
import { configFromEnv, MAX_BATCH_CALLS, parseLines } from "#gateway/config.ts";
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
    // The calls the product marks `shown` (joining a club, a headline comment, feedback) say how it went.
    onSuccessMessage: (message) => toast(message),
    // `switched`: the line failed and the client moved to another, but the call was not safe to send twice.
    transportMessages: { network: "网络连接失败，请检查网络后重试", timeout: "网络超时，请稍后重试", switched: "线路已切换，请重试" },
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

interface Gathered {
  ep: Endpoint<unknown, unknown, unknown>;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
let gathering: Gathered[] | undefined;

/** Calls a typed endpoint (inside `together`, as part of one request). */
export function api<I, O, R>(ep: Endpoint<I, O, R>, input: I): Promise<R> {
  const calls = gathering;
  if (calls) return new Promise<R>((resolve, reject) => calls.push({ ep: ep as Endpoint<unknown, unknown, unknown>, input, resolve: resolve as (value: unknown) => void, reject }));
  return gatewayReady().then((client) => client.send(ep, input));
}

/**
 * Sends the calls that `start` makes (through `api`, before it returns) as one request, a batch: on a slow
 * line over HTTP/1.1 every request in flight waits a round trip and takes a share of the line (decision 026).
 * Each call still settles as it would alone. Calls made inside a `together` already under way join its batch.
 */
export function together<const T>(start: () => T): T {
  if (gathering) return start();
  const calls: Gathered[] = [];
  gathering = calls;
  try {
    return start();
  } finally {
    gathering = undefined;
    void sendGathered(calls);
  }
}

async function sendGathered(calls: Gathered[]) {
  if (!calls.length) return;
  let client: GatewayClient;
  try {
    client = await gatewayReady();
  } catch (error) {
    for (const call of calls) call.reject(error);
    return;
  }
  for (let i = 0; i < calls.length; i += MAX_BATCH_CALLS) {
    const group = calls.slice(i, i + MAX_BATCH_CALLS);
    const settled = group.length === 1 ? [client.send(group[0]!.ep, group[0]!.input)] : client.sendMany(group);
    settled.forEach((result, k) => void result.then(group[k]!.resolve, group[k]!.reject));
  }
}

/**
 * Like `api`, but a failure is not toasted: the caller says what went wrong in its own place (a form by its
 * fields, the audio player in its own words).
 */
export async function quietApi<I, O, R>(ep: Endpoint<I, O, R>, input: I): Promise<R> {
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
  // The remembered lists are pages of a feed: reads, safe to send again on another line after a failover.
  return (await (await gatewayReady()).call<T>(path, fields, { repeat: "safe" })) as T;
}
