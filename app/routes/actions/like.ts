import { getErrorMessage } from "#gateway/errors.ts";
import { idField } from "#app/features/action-fetcher.ts";
import type { Liked } from "#app/features/comments/comment-kinds.ts";
import { likeRequest, type LikeRequest } from "#app/features/like/like-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/like";

type LikeAnswer = { like: Liked; error?: undefined } | { like?: undefined; error: string };

/** Likes or unlikes (the calls toggle) an item or a comment of any kind. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<LikeAnswer> {
  const like = likeOf(await request.formData());
  if (!like) return { error: "内容不存在" };
  return likeOutcome(api(like.call, like.input));
}

/** The like a form asks for (its `kind` and `id`), or null when there is nothing of the kind to like. */
export function likeOf(form: FormData): LikeRequest | null {
  const id = idField(form, "id");
  return id ? likeRequest(String(form.get("kind")), id) : null;
}

/** What the action answers once the like's call settles. */
export async function likeOutcome(sent: Promise<Liked | undefined>): Promise<LikeAnswer> {
  try {
    // A silent call (a video's comment) answers nothing when it fails.
    const answer = await sent;
    return answer ? { like: answer } : { error: "点赞失败，请稍后重试" };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
