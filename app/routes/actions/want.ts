import { getErrorMessage } from "#gateway/errors.ts";
import { idField, kindField } from "#app/features/action-fetcher.ts";
import { WANT_KINDS } from "#app/features/want/want-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/want";

/** Asks for an item of any kind that the member cannot watch yet (求片). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const kind = kindField(form, WANT_KINDS);
  const id = idField(form, "id");
  if (!kind || !id) return { error: "内容不存在" };
  try {
    return { want: await api(WANT_KINDS[kind].request, { id }) };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
