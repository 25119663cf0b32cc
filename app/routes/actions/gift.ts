import { getErrorMessage } from "#gateway/errors.ts";
import { idField, kindField } from "#app/features/action-fetcher.ts";
import { GIFT_KINDS } from "#app/features/gift/gift-kinds.ts";
import { toast } from "#app/lib/feedback.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import { syncUser } from "#app/lib/session.ts";
import { setCoins } from "#app/stores/user.ts";
import type { Route } from "./+types/gift";

/** Gives a gift (`gift_id`) to the creator of an item of any kind; the balance shown follows the answer. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const kind = kindField(form, GIFT_KINDS);
  const id = idField(form, "id");
  const giftId = idField(form, "gift_id");
  if (!kind || !id || !giftId) return { error: "礼物不存在" };
  try {
    const given = await api(GIFT_KINDS[kind].give, { id, gift_id: giftId });
    setCoins(given.coins);
    toast("打赏成功，感谢支持");
    return { given };
  } catch (error) {
    // Refused (too few coins, spent elsewhere; the client has shown why): the balance on screen may be out of date.
    await syncUser().catch(() => undefined);
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
