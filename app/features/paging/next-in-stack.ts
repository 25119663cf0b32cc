import type { Paged, Video } from "#gateway/api/index.ts";
import { callPath } from "#app/lib/gateway.ts";
import { extendStack, stackStore } from "#app/stores/stack.ts";

const STACK_PAGE = 20;

/**
 * The id after the last one list `key` has loaded: its next page asked of the same call with the same params
 * (player-nav.tsx loads this at the tap on 下一个), or why there is none.
 */
export async function loadNextInStack(key: string): Promise<number | "end" | "failed"> {
  const stack = stackStore.get().stacks[key];
  if (!stack) return "end";
  const page = await callPath<Paged<Video>>(stack.api, { ...stack.params, page: Math.floor(stack.ids.length / STACK_PAGE) + 1, limit: STACK_PAGE }).catch(() => null);
  if (!page) return "failed";
  const fresh = page.list.map((v) => v.id).filter((v) => !stack.ids.includes(v));
  extendStack(key, fresh, page.has_more && fresh.length > 0);
  return fresh[0] ?? "end";
}
