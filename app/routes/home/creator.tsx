import { Button } from "#app/components/kit/button.tsx";
import { useCallback, useState } from "react";
import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { accounts, creators, home, type Headline, type Video } from "#gateway/api/index.ts";
import { FollowButton } from "#app/features/follow/follow-button.tsx";
import { Dotted } from "#app/components/dotted.tsx";
import { ElementCard } from "#app/components/element-card.tsx";
import { HeadlineCard } from "#app/features/headlines/headline-card.tsx";
import { HeadlineSheet, type HeadlineChange } from "#app/features/headlines/headline-sheet.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Page } from "#app/components/page.tsx";
import { Tabs } from "#app/components/tabs.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { VideoCard } from "#app/components/video/video-card.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { pagedSource } from "#app/features/paging/paged-source.ts";
import { creatorUid } from "#app/lib/creator-uid.ts";
import { api } from "#app/lib/gateway.ts";
import { formatCount } from "#app/lib/format.ts";
import { creatorCalls, featuredVideos } from "#app/features/early/screens/creator.ts";
import type { Route } from "./+types/creator";
import "#app/styles/profile.css";

const TABS = [
  { key: "featured", title: "精选" },
  { key: "small", title: "小视频" },
  { key: "compilation", title: "合集" },
  { key: "headline", title: "头条" },
  { key: "club", title: "粉丝团专属" },
] as const;


export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const uid = creatorUid(request);
  const { person, featured, compilations } = await creatorCalls.take(uid);
  // A member who is not a creator has a plain profile page instead.
  if (!featured) throw redirect(`/user?uid=${uid}`);
  return { person, featured, compilations };
}

/** Follows, likes and comments answer in place, and a tab is only `?tab=`: only another creator reloads the page. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const sameCreator = currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("uid") === nextUrl.searchParams.get("uid");
  return sameCreator ? false : defaultShouldRevalidate;
}

export default function Creator({ loaderData: { person, featured, compilations } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.key === params.get("tab"))?.key ?? "featured";
  const [open, setOpen] = useState<number | null>(null);
  const [fans, setFans] = useState(person.fans_count);
  // The loader ran again: its count wins over the one the follow button left.
  const [fansOf, setFansOf] = useState(person);
  if (person !== fansOf) {
    setFansOf(person);
    setFans(person.fans_count);
  }
  const uid = person.uid;
  // Likes and comments given in the headline sheet, for the cards in the list (which are not reloaded).
  const [headlineChanges, setHeadlineChanges] = useState<Record<number, { like_count?: number; comments_added?: number }>>({});
  const onHeadlineChange = useCallback(
    (id: number, change: HeadlineChange) =>
      setHeadlineChanges((all) => {
        const was = all[id] ?? {};
        return { ...all, [id]: "like_count" in change ? { ...was, like_count: change.like_count } : { ...was, comments_added: (was.comments_added ?? 0) + 1 } };
      }),
    [],
  );
  const withChanges = (h: Headline): Headline => {
    const c = headlineChanges[h.id];
    return c ? { ...h, like_count: c.like_count ?? h.like_count, comment_count: h.comment_count + (c.comments_added ?? 0) } : h;
  };
  const switchTo = (key: string) => setParams({ uid: String(uid), tab: key }, { replace: true });

  return (
    <Page title={person.nickname}>
      <header className="user-head">
        <EncImage className="user-avatar" src={person.avatar_url} ratio="1X1" />
        <div className="user-main">
          <h1 className="user-name">{person.nickname}</h1>
          <p className="creator-meta person-intro">{person.intro}</p>
          <p className="creator-meta">
            <Dotted
              parts={[
                `${formatCount(fans)} 粉丝`,
                `${person.video_count} 个视频`,
                <Link key="club" to={`/user/fan-group?uid=${uid}`}>粉丝团</Link>,
                <Link key="rank" to={`/user/fan-rank?uid=${uid}`}>榜单</Link>,
              ]}
            />
          </p>
        </div>
        <FollowButton uid={uid} following={person.is_attention} onFans={setFans} />
      </header>
      <Tabs activeKey={tab} onChange={switchTo}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {tab === "featured" && <VideoFeed source={featuredVideos(uid)} initial={featured} emptyText="暂无视频" />}
      {tab === "small" && (
        <PagedList<Video>
          layout="grid"
          source={pagedSource(creators.small, { uid }, 18)}
          itemKey={(v) => v.id}
          renderItem={(v) => <VideoCard video={v} ratio="9X16" />}
          emptyText="暂无小视频"
        />
      )}
      {tab === "compilation" &&
        (compilations.length ? (
          compilations.map((c) => (
            <ElementCard key={c.id} element={{ id: c.id, title: c.title, cover: c.cover, video_count: c.video_count, description: `${c.video_count} 个视频` }} to={`/home/collect-detail?id=${c.id}`} />
          ))
        ) : (
          <p className="feed-empty">暂无合集</p>
        ))}
      {tab === "headline" && (
        <PagedList
          source={pagedSource(creators.headlines, { uid }, 10)}
          itemKey={(h) => h.id}
          renderItem={(h) => <HeadlineCard item={withChanges(h)} onOpen={setOpen} />}
          emptyText="暂无头条"
        />
      )}
      {tab === "club" && <VideoFeed source={pagedSource(home.clubVideos, { uid }, 20)} emptyText="暂无专属视频" />}
      <HeadlineSheet id={open} onClose={() => setOpen(null)} onChange={onHeadlineChange} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.person.nickname ?? "创作者"} — 影音` }];
}
