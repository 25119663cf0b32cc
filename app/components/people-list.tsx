import type { CreatorCard } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { CreatorRow } from "#app/components/creator-row.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { peopleSource } from "#app/features/follow/people.ts";

/** Who someone follows, or who follows them (`uid` 0: the signed-in member). */
export function PeopleList({ direction, uid, initial }: { direction: "focus" | "fans"; uid: number; initial: Paged<CreatorCard> }) {
  return (
    <PagedList
      source={peopleSource(direction, uid)}
      initial={initial}
      itemKey={(p) => p.uid}
      renderItem={(p) => <CreatorRow creator={p} />}
      emptyText={direction === "focus" ? "还没有关注任何人" : "还没有粉丝"}
    />
  );
}
