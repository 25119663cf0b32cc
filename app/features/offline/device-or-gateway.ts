/**
 * The device's answer first when the device or the gateway is known to be unreachable, else the gateway's, and the
 * device's again when that call fails for want of a network. Anything else the gateway says (not bought, not
 * found) stands, and so does the network error when the device has nothing.
 */
export async function deviceOrGateway<T>(network: { online: () => boolean; unreachable: (error: unknown) => boolean }, fromDevice: () => Promise<T | undefined>, load: () => Promise<T>): Promise<T> {
  if (!network.online()) {
    const saved = await fromDevice().catch(() => undefined);
    if (saved !== undefined) return saved;
  }
  try {
    return await load();
  } catch (error) {
    if (!network.unreachable(error)) throw error;
    const saved = await fromDevice().catch(() => undefined);
    if (saved === undefined) throw error;
    return saved;
  }
}
