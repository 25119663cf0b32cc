import { useState } from "react";
import type { Headline } from "#gateway/api/index.ts";
import type { CirclePost } from "#gateway/api/circle.ts";
import type { Paged } from "#gateway/api/types.ts";
import { PagedList } from "#app/components/paged-list.tsx";
import { HeadlineCard } from "#app/features/headlines/headline-card.tsx";
import { HeadlineSheet } from "#app/features/headlines/headline-sheet.tsx";
import type { PagedSource } from "#app/features/paging/paged-source.ts";
import { isPictured, PostCard } from "./post-card.tsx";
import { WindowedList } from "./windowed-list.tsx";

const postKind = (post: CirclePost) => (isPictured(post) ? "pictured" : "text");

/** Posts, windowed (each card as tall as its content, measured as drawn). */
export function PostFeed({ source, initial, emptyText = "还没有帖子" }: { source: PagedSource<CirclePost>; initial?: Paged<CirclePost>; emptyText?: string }) {
  return (
    <WindowedList
      source={source}
      initial={initial}
      itemKey={(p) => p.id}
      renderItem={(p) => <PostCard post={p} />}
      estimate={180}
      rowKind={postKind}
      emptyText={emptyText}
      label="帖子"
    />
  );
}

/** Headlines of every creator, each opening in the headline sheet. */
export function HeadlineFeed({ source, initial }: { source: PagedSource<Headline>; initial?: Paged<Headline> }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PagedList source={source} initial={initial} itemKey={(h) => h.id} renderItem={(h) => <HeadlineCard item={h} onOpen={setOpen} />} emptyText="暂无头条" />
      <HeadlineSheet id={open} onClose={() => setOpen(null)} />
    </>
  );
}
