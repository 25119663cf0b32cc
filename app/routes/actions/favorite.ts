import { getErrorMessage } from "#gateway/errors.ts";
import { idField, kindField } from "#app/features/action-fetcher.ts";
import { FAVORITE_KINDS } from "#app/features/favorite/favorite-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/favorite";

/** Favourites an item of any kind, into a group (`group_id`), or takes the favourite back (the call toggles). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const kind = kindField(form, FAVORITE_KINDS);
  const id = idField(form, "id");
  if (!kind || !id) return { error: "内容不存在" };
  const group = idField(form, "group_id");
  try {
    return { favorite: await api(FAVORITE_KINDS[kind].toggle, { id, ...(group ? { group_id: group } : {}) }) };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
