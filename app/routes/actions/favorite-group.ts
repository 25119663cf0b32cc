import { accounts } from "#gateway/api/index.ts";
import { idField, kindField } from "#app/features/action-fetcher.ts";
import { FAVORITE_KINDS, type FavoriteCalls } from "#app/features/favorite/favorite-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/favorite-group";

/** Makes, renames or deletes one of the member's favourite groups of a kind (`kind`: video, comic). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const kind = kindField(form, FAVORITE_KINDS);
  // A kind whose favourites have no groups has nothing to make or rename here.
  const calls = kind ? (FAVORITE_KINDS[kind] as FavoriteCalls).groups : undefined;
  if (!calls) return { error: "未知的收藏类型" };
  const name = String(form.get("name") ?? "").trim();
  const id = idField(form, "id");
  if ((form.get("intent") === "create" || form.get("intent") === "rename") && !name) return { error: "请输入分组名称" };
  if (name.length > accounts.MAX_FAVORITE_GROUP_NAME) return { error: `分组名称最多 ${accounts.MAX_FAVORITE_GROUP_NAME} 个字` };
  try {
    switch (form.get("intent")) {
      case "create":
        return { created: await api(calls.create, { name }) };
      case "rename":
        return id ? { renamed: await api(calls.update, { id, name }) } : { error: "分组不存在" };
      case "delete":
        if (!id) return { error: "分组不存在" };
        await api(calls.remove, { id });
        return { deleted: id };
      default:
        return { error: "未知操作" };
    }
  } catch {
    // The gateway's refusal (a duplicate name, …) has been shown as a toast; the typed name stays.
    return { failed: true };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
