import { useCallback } from "react";
import { accounts, type CreatorCard } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { CreatorRow } from "#app/components/creator-row.tsx";
import { uidParam } from "#app/lib/creator-uid.ts";
import { PagedList } from "#app/components/paged-list.tsx";
import { api } from "#app/lib/gateway.ts";

/** Who someone follows, or who follows them (`uid` 0: the signed-in member). */
export function PeopleList({ direction, uid, initial }: { direction: "focus" | "fans"; uid: number; initial: Paged<CreatorCard> }) {
  const fetchPage = useCallback(
    (page: number) => api(direction === "focus" ? accounts.following : accounts.fans, { ...(uid ? { uid } : {}), page, limit: 20 }),
    [direction, uid],
  );
  return (
    <PagedList
      initial={initial}
      fetchPage={fetchPage}
      itemKey={(p) => p.uid}
      renderItem={(p) => <CreatorRow creator={p} />}
      emptyText={direction === "focus" ? "还没有关注任何人" : "还没有粉丝"}
    />
  );
}

/** Shared loader: `?uid=` names whose list; without it, the member's own (which needs a login). */
export async function loadPeople(request: Request, direction: "focus" | "fans") {
  const uid = new URL(request.url).searchParams.get("uid") ? uidParam(request, "用户不存在或链接有误") : 0;
  const first = await api(direction === "focus" ? accounts.following : accounts.fans, { ...(uid ? { uid } : {}), page: 1, limit: 20 });
  return { uid, first };
}
