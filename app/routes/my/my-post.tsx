import { Tabs } from "antd-mobile";
import { Link, useSearchParams } from "react-router";
import { accounts, circle, type Headline, type Paged, type Video } from "#gateway/api/index.ts";
import type { CirclePost, MyReply } from "#gateway/api/circle.ts";
import { PostFeed } from "#app/components/circle/circle-feeds.tsx";
import { Page } from "#app/components/page.tsx";
import { HeadlineFeed } from "#app/features/headlines/headline-feed.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { firstPage, pagedSource, type PagedSource } from "#app/features/paging/paged-source.ts";
import { formatTime } from "#app/lib/format.ts";
import { requireMember } from "#app/lib/require-member.ts";
import "#app/components/circle/circle.css";
import type { Route } from "./+types/my-post";

// My posts (我的帖子): the product has the view but no path of its own; linked from /my.

const LISTS = {
  posts: { title: "我的帖子", source: pagedSource(circle.myFindList, {}, 20) },
  look: { title: "我想看", source: pagedSource(circle.myLook, {}, 20) },
  replies: { title: "我的回复", source: pagedSource(circle.myReply, {}, 20) },
  headlines: { title: "我的头条", source: pagedSource(accounts.myHeadlines, {}, 20) },
} as const;
type ListKey = keyof typeof LISTS;

const listOf = (value: string | null): ListKey => (value && Object.hasOwn(LISTS, value) ? (value as ListKey) : "posts");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const list = listOf(new URL(request.url).searchParams.get("list"));
  // The loader runs again when the tab changes (`?list=`): `first` is always the shown list's.
  const source: PagedSource<unknown> = LISTS[list].source;
  return { list, first: await firstPage(source) };
}

export default function MyPost({ loaderData: { list, first } }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  return (
    <Page title="我的帖子">
      <Tabs activeKey={list} onChange={(k) => setParams(k === "posts" ? {} : { list: k }, { replace: true })}>
        {Object.entries(LISTS).map(([key, l]) => (
          <Tabs.Tab key={key} title={l.title} />
        ))}
      </Tabs>
      {list === "posts" ? <PostFeed source={LISTS.posts.source} initial={first as Paged<CirclePost>} emptyText="还没有发过帖子" /> : null}
      {list === "look" ? <VideoFeed source={LISTS.look.source} initial={first as Paged<Video>} emptyText="还没有想看的视频" /> : null}
      {list === "replies" ? (
        <PagedList
          source={LISTS.replies.source}
          initial={first as Paged<MyReply>}
          itemKey={(r) => r.id}
          emptyText="还没有回复过"
          renderItem={(r) => (
            <Link className="my-reply" to={`/post/detail?id=${r.post.id}`}>
              <p>{r.content}</p>
              <small>
                回复「{r.post.excerpt}」 · {formatTime(r.created_at)}
              </small>
            </Link>
          )}
        />
      ) : null}
      {list === "headlines" ? <HeadlineFeed source={LISTS.headlines.source} initial={first as Paged<Headline>} /> : null}
    </Page>
  );
}

export function meta() {
  return [{ title: "我的帖子 — 影音" }];
}
