import { getErrorMessage } from "#gateway/errors.ts";
import { idField } from "#app/features/action-fetcher.ts";
import { likeRequest } from "#app/features/like/like-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/like";

/** Likes or unlikes (the calls toggle) an item or a comment of any kind. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = idField(form, "id");
  const like = id ? likeRequest(String(form.get("kind")), id) : null;
  if (!like) return { error: "内容不存在" };
  try {
    // A silent call (a video's comment) answers nothing when it fails.
    const answer = await api(like.call, like.input);
    return answer ? { like: answer } : { error: "点赞失败，请稍后重试" };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
