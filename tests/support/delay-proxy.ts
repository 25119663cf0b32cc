import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A plain HTTP proxy in front of the gateway that holds some requests up, as a slow line would: `hold` gives a
 * request's delay in ms, or a promise it waits for (a line that answers only after another has). It passes
 * the Host header on, so the gateway's media links point back through it. Works for requests from workers
 * too, which DevTools request interception does not reliably catch.
 */
export async function startDelayProxy(
  target: string,
  hold: (path: string) => number | Promise<unknown>,
  /** A status to answer a request with in the gateway's stead (a fault on one call); undefined passes it on. */
  answer: (path: string) => number | undefined = () => undefined,
): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const status = answer(req.url ?? "/");
    if (status !== undefined) {
      req.resume();
      res.writeHead(status, { "content-type": "text/plain" }).end(`answered ${status} by the test proxy`);
      return;
    }
    const held = hold(req.url ?? "/");
    const pass = () => {
      const up = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(up);
    };
    if (typeof held === "number") setTimeout(pass, held);
    else void held.then(pass);
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
