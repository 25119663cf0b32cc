import { GatewayError } from "#gateway/errors.ts";

// navigator.onLine only knows about the local link (and emulated offline modes do not always
// flip it), so a gateway call that cannot reach any line also counts as being offline.
let unreachable = false;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function isUnreachableError(error: unknown): boolean {
  return error instanceof GatewayError && (error.kind === "network" || error.kind === "timeout");
}

/** The gateway client reports after every call whether any line answered. */
export function noteReachability(reachable: boolean) {
  if (reachable === !unreachable) return;
  unreachable = !reachable;
  emit();
}

/** Calls back when the device or the gateway comes or goes. */
export function subscribeConnectivity(callback: () => void) {
  listeners.add(callback);
  const onOnline = () => {
    unreachable = false;
    callback();
  };
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", callback);
  return () => {
    listeners.delete(callback);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", callback);
  };
}

/** Resolves at once when the device is online, else at its next `online` event. */
export function whenOnline(): Promise<void> {
  return new Promise((done) => (navigator.onLine ? done() : window.addEventListener("online", () => done(), { once: true })));
}

export function isOnline() {
  return typeof navigator === "undefined" || (navigator.onLine && !unreachable);
}

/** Whether `error` is the network's doing: the device is offline, or no line of the gateway answered. */
export const isOfflineError = (error: unknown) => !isOnline() || isUnreachableError(error);
