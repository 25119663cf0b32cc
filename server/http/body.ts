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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      incoming.resume();
      throw new BodyTooLargeError();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
