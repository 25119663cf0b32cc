import { z } from "zod";
import type { Comment } from "#gateway/api/content-types.ts";
import type { Page, Paged } from "#gateway/api/types.ts";
import type { Endpoint } from "#gateway/client.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler, idInput, pageInput } from "#server/http/registry.ts";
import { listComments, listReplies, toggleCommentLike } from "./comments.ts";

type Liked = { is_like: number; like_count: number };

/**
 * The reading side of an item's comments for a kind with calls of its own (news, circle posts): its comments,
 * a comment's replies and the like of a comment, answered from the shared comment tables once `requireItem`
 * found the item. `names` word the ids in messages (文章 id, 评论 id).
 */
export function commentThread(
  calls: {
    list: Endpoint<{ id: number } & Page, Paged<Comment>, Paged<Comment>>;
    replies: Endpoint<{ comment_id: number } & Page, Paged<Comment>, Paged<Comment>>;
    like: Endpoint<{ comment_id: number }, Liked, Liked>;
  },
  names: { item: string; comment: string },
  requireItem: (db: DB, id: number, uid: number) => Promise<unknown>,
) {
  return [
    defineHandler(calls.list, {
      auth: "guest",
      input: z.object({ id: idInput(names.item), ...pageInput.shape }),
      async handle({ input, db, origin, caller }) {
        await requireItem(db, input.id, caller.user.id);
        return { data: await listComments(db, origin, caller.user.id, input.id, input.page, input.limit) };
      },
    }),
    defineHandler(calls.replies, {
      auth: "guest",
      input: z.object({ comment_id: idInput(names.comment), ...pageInput.shape }),
      handle: async ({ input, db, origin, caller }) => ({ data: await listReplies(db, origin, caller.user.id, input.comment_id, input.page, input.limit) }),
    }),
    defineHandler(calls.like, {
      auth: "member",
      input: z.object({ comment_id: idInput(names.comment) }),
      handle: async ({ input, db, caller }) => ({ data: await toggleCommentLike(db, caller.user.id, input.comment_id) }),
    }),
  ];
}
