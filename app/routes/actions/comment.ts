import type { Comment } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { idField, kindField, requestIdField } from "#app/features/action-fetcher.ts";
import { COMMENT_KINDS, commentProblem, type CommentCalls } from "#app/features/comments/comment-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/comment";

type CommentAnswer = { comment: Comment; error?: undefined } | { comment?: undefined; error: string };

/** Posts a comment on an item of any kind, or a reply to one of its comments (`reply_to`). */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<CommentAnswer> {
  const post = commentOf(await request.formData());
  if ("error" in post) return post;
  return commentOutcome(api(post.call, post.input));
}

type CommentPost = { call: CommentCalls["post"]; input: { id: number; content: string; reply_to?: number; request_id?: string } };

/** The comment a form asks to post (its call and input, the words trimmed), or what is wrong with the form. */
export function commentOf(form: FormData): CommentPost | { error: string } {
  const kind = kindField(form, COMMENT_KINDS);
  const id = idField(form, "id");
  if (!kind || !id) return { error: "内容不存在" };
  const content = String(form.get("content") ?? "").trim();
  const problem = commentProblem(kind, content);
  if (problem) return { error: problem };
  const replyTo = idField(form, "reply_to");
  return { call: COMMENT_KINDS[kind].post, input: { id, content, ...(replyTo ? { reply_to: replyTo } : {}), ...requestIdField(form) } };
}

/** What the action answers once the comment's call settles. */
export async function commentOutcome(sent: Promise<Comment>): Promise<CommentAnswer> {
  try {
    return { comment: await sent };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
