/** What every answer from one of our workers carries: the id of the request, and an error when it failed. */
export interface WorkerAnswer {
  id: number;
  error?: string;
}

export interface WorkerRpc<A extends WorkerAnswer> {
  /**
   * Posts `message` with a fresh id and resolves with the worker's answer (rejects with its error).
   * Null when there is no worker to ask (none in this environment, or it failed): the caller works inline.
   */
  ask(message: object, transfer?: Transferable[]): Promise<A> | null;
  /** Posts a message that expects no answer; false when there is no worker. */
  tell(message: object): boolean;
  /** Starts the worker now (its script loads while the caller waits for something else). */
  warm(): void;
}

// One sequence for every channel: channels that share a worker never take each other's answers.
let seq = 0;
let pageWorker: Worker | undefined;

/**
 * The page worker (decision 022), started once for every channel that asks it: envelope cryptography and
 * encrypted images. A worker that fails is dropped, so a channel created later starts a new one.
 */
export function startPageWorker(): Worker {
  if (pageWorker) return pageWorker;
  const worker = new Worker(new URL("./page-worker.ts", import.meta.url), { type: "module" });
  worker.addEventListener("error", () => {
    if (pageWorker === worker) pageWorker = undefined;
  });
  return (pageWorker = worker);
}

/**
 * Request/answer over a module worker, started on first use; several channels may share one worker. `start`
 * must contain the `new Worker(new URL("./x.ts", import.meta.url), { type: "module" })` expression, so the
 * bundler finds it.
 */
export function workerRpc<A extends WorkerAnswer>(start: () => Worker, name: string): WorkerRpc<A> {
  let worker: Worker | null | undefined;
  const pending = new Map<number, { resolve: (a: A) => void; reject: (e: Error) => void }>();

  const get = () => {
    if (worker !== undefined) return worker;
    if (typeof Worker === "undefined") return (worker = null);
    try {
      worker = start();
      worker.addEventListener("message", (event: MessageEvent<A>) => {
        const job = pending.get(event.data.id);
        if (!job) return;
        pending.delete(event.data.id);
        if (event.data.error !== undefined) job.reject(new Error(event.data.error));
        else job.resolve(event.data);
      });
      worker.addEventListener("error", () => {
        for (const job of pending.values()) job.reject(new Error(`${name} failed`));
        pending.clear();
        worker = null;
      });
    } catch {
      worker = null;
    }
    return worker;
  };

  return {
    ask(message, transfer = []) {
      const w = get();
      if (!w) return null;
      const id = ++seq;
      return new Promise<A>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ ...message, id }, transfer);
      });
    },
    tell(message) {
      if (!worker) return false;
      worker.postMessage(message);
      return true;
    },
    warm() {
      get();
    },
  };
}
