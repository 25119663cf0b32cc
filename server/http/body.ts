import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

export class BodyTooLargeError extends Error {}

/**
 * Reads a request body up to `limit` bytes. Under @hono/node-server it reads the Node stream directly:
 * materialising a WHATWG Request per call costs more than the whole envelope crypto.
 */
export async function readBody(c: Context, limit: number): Promise<Buffer> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded) {
    const buf = Buffer.from(await c.req.arrayBuffer());
    if (buf.length > limit) throw new BodyTooLargeError();
    return buf;
  }
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        incoming.removeAllListeners("data");
        incoming.resume();
        fail(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    incoming.once("end", () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    incoming.once("error", fail);
  });
}
