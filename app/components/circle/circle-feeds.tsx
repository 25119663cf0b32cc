import type { CirclePost } from "#gateway/api/circle.ts";
import type { Paged } from "#gateway/api/types.ts";
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
