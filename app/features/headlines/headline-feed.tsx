import { useState } from "react";
import type { Headline } from "#gateway/api/index.ts";
import type { Paged } from "#gateway/api/types.ts";
import { PagedList } from "#app/components/paged-list.tsx";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import { HeadlineCard } from "./headline-card.tsx";
import { HeadlineSheet } from "./headline-sheet.tsx";

/** Headlines of every creator, each opening in the headline sheet. */
export function HeadlineFeed({ source, initial }: { source: PagedSource<Headline>; initial?: Paged<Headline> }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="headline-feed">
      <PagedList source={source} initial={initial} itemKey={(h) => h.id} renderItem={(h) => <HeadlineCard item={h} onOpen={setOpen} />} emptyText="暂无头条" />
      <HeadlineSheet id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
