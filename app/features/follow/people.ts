import { accounts } from "#gateway/api/index.ts";
import { uidParam } from "#app/lib/creator-uid.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";

/** Who someone follows, or who follows them (`uid` 0: the signed-in member), as a paged source. */
export const peopleSource = (direction: "focus" | "fans", uid: number) => pagedSource(direction === "focus" ? accounts.following : accounts.fans, { uid: uid || undefined }, 20);

/** Shared loader: `?uid=` names whose list; without it, the member's own (which needs a login). */
export async function loadPeople(request: Request, direction: "focus" | "fans") {
  const uid = new URL(request.url).searchParams.get("uid") ? uidParam(request, "用户不存在或链接有误") : 0;
  return { uid, first: await firstPage(peopleSource(direction, uid)) };
}
