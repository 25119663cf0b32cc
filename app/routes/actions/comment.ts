import { getErrorMessage } from "#gateway/errors.ts";
import { idField, kindField, requestIdField } from "#app/features/action-fetcher.ts";
import { COMMENT_KINDS, commentProblem } from "#app/features/comments/comment-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/comment";

/** Posts a comment on an item of any kind, or a reply to one of its comments (`reply_to`). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const kind = kindField(form, COMMENT_KINDS);
  const id = idField(form, "id");
  if (!kind || !id) return { error: "内容不存在" };
  const content = String(form.get("content") ?? "").trim();
  const problem = commentProblem(kind, content);
  if (problem) return { error: problem };
  const replyTo = idField(form, "reply_to");
  try {
    return { comment: await api(COMMENT_KINDS[kind].post, { id, content, ...(replyTo ? { reply_to: replyTo } : {}), ...requestIdField(form) }) };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
