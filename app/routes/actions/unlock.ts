import { SHARE_TEXT_LENGTH } from "#gateway/api/video.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { idField, kindField, requestIdField } from "#app/features/action-fetcher.ts";
import { UNLOCK_KINDS, type UnlockCalls, type Unlocked } from "#app/features/unlock/unlock-kinds.ts";
import { UNLOCK_UNITS } from "#app/features/unlock/unlock-units.ts";
import { toast } from "#app/lib/feedback.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import { setCoins } from "#app/stores/user.ts";
import type { Route } from "./+types/unlock";

/**
 * Unlocks a unit of any kind with coins, a voucher or a share to the circle (`way`). A refusal has been shown by
 * the gateway client; a repeat of the same `request_id` (a double tap) is answered without a second charge.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const kind = kindField(form, UNLOCK_KINDS);
  const id = idField(form, "id");
  if (!kind || !id) return { error: "内容不存在" };
  const calls: UnlockCalls = UNLOCK_KINDS[kind];
  const way = form.get("way");
  const { request_id } = requestIdField(form);
  let bought: Unlocked;
  // A purchase whose own message is shown by the gateway client needs no second toast.
  let shown = false;
  try {
    if (way === "community" && calls.community) {
      const content = String(form.get("content") ?? "").trim();
      const { min, max } = SHARE_TEXT_LENGTH;
      if (content.length < min || content.length > max) {
        const error = `分享语需 ${min}–${max} 个字`;
        toast(error);
        return { error };
      }
      bought = await api(calls.community, { id, content, request_id });
    } else {
      const call = way === "coins" ? calls.coins : way === "ticket" ? calls.ticket : undefined;
      if (!call) return { error: "不支持的解锁方式" };
      const part = idField(form, "part");
      const outcome = await api(call, { id, request_id, ...(part ? { chapter_id: part } : {}) });
      shown = call.shown;
      if (!outcome.ok || !outcome.data) return { error: outcome.msg || "购买失败" };
      bought = outcome.data;
    }
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
  setCoins(bought.coins);
  calls.unlocked?.(id);
  if (bought.charged && !shown) toast(way === "community" ? `已分享到社区，${UNLOCK_UNITS[kind].noun}已解锁` : "解锁成功", "success");
  return { bought };
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
