import { accounts } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { idField } from "#app/features/action-fetcher.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/follow";

/** Follows or unfollows a member (the call toggles). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const uid = idField(await request.formData(), "uid");
  if (!uid) return { error: "用户不存在" };
  try {
    return { follow: await api(accounts.follow, { uid }) };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
