import { newRequestId, type Endpoint } from "#gateway/client.ts";
import { gatewayReady } from "#app/lib/gateway.ts";

export type Attempt<O> = { ok: true; data: O; msg: string } | { ok: false; msg: string };

/**
 * A silent call whose refusal the screen says in its own words, from the gateway's message (a silent endpoint
 * answers nothing on failure through `api`). `requestId` makes a repeated submit the same write.
 */
export async function attempt<I extends Record<string, unknown>, O>(
  ep: Endpoint<I, O, O | undefined>,
  input: I,
  requestId = newRequestId(),
): Promise<Attempt<O>> {
  const client = await gatewayReady();
  const outcome = await client.request<O>(ep.path, { ...input, request_id: requestId }, { expect: ep.expect, repeat: ep.repeat, silent: true });
  return outcome.ok ? { ok: true, data: outcome.data as O, msg: outcome.msg } : { ok: false, msg: outcome.msg };
}
