import { accounts } from "#gateway/api/index.ts";
import type { CallOutcome, GatewayClient } from "#gateway/client.ts";
import type { Context } from "./context.ts";
import { loadProfile, saveProfile } from "./profiles.ts";

/**
 * A call without a token acts as the profile's device, and the gateway registers a guest account for a device
 * on its first such call (protocol §4). Said once per profile and line on stderr, with the account's uuid, and
 * remembered in the profile (`guests`), so later calls stay quiet.
 */
export async function noteGuestAccount(ctx: Context, client: GatewayClient, outcome: CallOutcome): Promise<void> {
  const line = client.baseLine;
  // Only a call a handler answered has a caller; a refused envelope or an unknown path registers nobody.
  if (outcome.status === undefined || ctx.profile.guests?.[line]) return;
  const me =
    outcome.ok && outcome.path.toLowerCase() === accounts.userInfo.path.toLowerCase() ? outcome : await client.request(accounts.userInfo.path, {}, { repeat: "safe" });
  const uuid = (me.data as { uuid?: unknown } | undefined)?.uuid;
  if (!me.ok || typeof uuid !== "string") return;
  // Read again: another run may have changed the profile meanwhile (a login).
  const profile = loadProfile(ctx.profileName);
  saveProfile(ctx.profileName, { ...profile, guests: { ...profile.guests, [line]: uuid } });
  process.stderr.write(`registered a guest account for profile ${ctx.profileName} on ${line} (uuid ${uuid}); calls without a token use it, \`login\` to call as a member\n`);
}
