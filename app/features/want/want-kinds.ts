import { video } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";

/** How many members want an item, and whether the caller is one of them. */
export type Wanted = { requested: number; count: number };

/** The calls behind "want this" (求片) for one kind of item. */
export interface WantCalls {
  // `id` is optional in the calls' input: without it they are the post circle's (issue 20); this control sends one.
  check: Endpoint<{ id?: number }, Wanted, Wanted>;
  request: Endpoint<{ id?: number; content?: string }, Wanted, Wanted>;
}

/** Every kind of item members may ask for; a new kind is one entry. */
export const WANT_KINDS = {
  video: { check: video.checkFind, request: video.requestFind },
} satisfies Record<string, WantCalls>;

export type WantKind = keyof typeof WANT_KINDS;
