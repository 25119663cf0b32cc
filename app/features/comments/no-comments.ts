import type { Comment } from "#gateway/api/content-types.ts";
import type { Paged } from "#gateway/api/types.ts";

/** A first page of comments with none on it: what a screen shows when its comments cannot be asked for. */
export const NO_COMMENTS: Paged<Comment> = { list: [], page: 1, limit: 20, total: 0, has_more: false };
