import { accounts, type CreatorCard } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { CreatorRow } from "#app/components/creator-row.tsx";
import { uidParam } from "#app/lib/creator-uid.ts";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";

const people = (direction: "focus" | "fans", uid: number) => pagedSource(direction === "focus" ? accounts.following : accounts.fans, { uid: uid || undefined }, 20);

/** Who someone follows, or who follows them (`uid` 0: the signed-in member). */
export function PeopleList({ direction, uid, initial }: { direction: "focus" | "fans"; uid: number; initial: Paged<CreatorCard> }) {
  return (
    <PagedList
      source={people(direction, uid)}
      initial={initial}
      itemKey={(p) => p.uid}
      renderItem={(p) => <CreatorRow creator={p} />}
      emptyText={direction === "focus" ? "还没有关注任何人" : "还没有粉丝"}
    />
  );
}

/** Shared loader: `?uid=` names whose list; without it, the member's own (which needs a login). */
export async function loadPeople(request: Request, direction: "focus" | "fans") {
  const uid = new URL(request.url).searchParams.get("uid") ? uidParam(request, "用户不存在或链接有误") : 0;
  return { uid, first: await firstPage(people(direction, uid)) };
}
