import { Tabs } from "antd-mobile";
import { useSearchParams } from "react-router";
import { accounts, news } from "#gateway/api/index.ts";
import { WindowedList } from "#app/components/circle/windowed-list.tsx";
import { NewsRow } from "#app/components/news/news-row.tsx";
import { MyResourceListView, RESOURCE_LIST_TABS } from "#app/components/resources/my-resource-lists.tsx";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { FavoriteGroups, groupEmptyText, groupParam } from "#app/features/favorite/favorite-groups.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { loadMyResourceList } from "#app/features/resources/my-resource-lists.ts";
import { api, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-like";

/** The screen holds two lists: favourites (收藏, in groups) and liked videos (点赞, `?list=liked`). */
const isLikedList = (request: Request) => new URL(request.url).searchParams.get("list") === "liked";
/** Favourite articles (资讯, `?list=news`, issue 20). */
const isNewsList = (request: Request) => new URL(request.url).searchParams.get("list") === "news";

/** The member's favourites: all, or one group's. */
const favoriteVideos = (group: number | undefined) => pagedSource(accounts.myLikes, { group_id: group }, 20);
const likedVideos = pagedSource(accounts.myPraised, {}, 20);
const favoriteNews = pagedSource(news.myFavorites, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  // The resources' lists (issue 19): `?list=comic` … `?list=game`, `?list=follow`.
  const resourceList = await loadMyResourceList(new URL(request.url));
  if (resourceList) return { liked: false, groups: [], group: undefined, first: undefined, resourceList };
  if (isLikedList(request)) return { liked: true, groups: [], group: undefined, first: await firstPage(likedVideos) };
  if (isNewsList(request)) return { liked: false, groups: [], group: undefined, first: undefined, newsFirst: await firstPage(favoriteNews) };
  const group = groupParam(new URL(request.url));
  const [groups, first] = await Promise.all(together(() => [api(accounts.likeGroups, undefined), firstPage(favoriteVideos(group))]));
  return { liked: false, groups, group, first };
}

export default function MyLike({ loaderData }: Route.ComponentProps) {
  const { liked, groups, group, first } = loaderData;
  const newsFirst = "newsFirst" in loaderData ? loaderData.newsFirst : undefined;
  const resourceList = "resourceList" in loaderData ? loaderData.resourceList : undefined;
  const [, setParams] = useSearchParams();
  const lists = (
    <Tabs
      className="my-like-lists"
      activeKey={liked ? "liked" : newsFirst ? "news" : resourceList ? (resourceList.list === "follow" ? "follow" : resourceList.kind) : "favorites"}
      onChange={(k) => setParams(k === "favorites" ? {} : { list: k }, { replace: true })}
    >
      <Tabs.Tab key="favorites" title="收藏" />
      <Tabs.Tab key="liked" title="点赞" />
      <Tabs.Tab key="news" title="资讯" />
      {RESOURCE_LIST_TABS.map((t) => (
        <Tabs.Tab key={t.key} title={t.title} />
      ))}
    </Tabs>
  );
  if (resourceList)
    return (
      <Page title={resourceList.list === "follow" ? "我的关注" : "我的收藏"}>
        {lists}
        <MyResourceListView data={resourceList} />
      </Page>
    );
  if (newsFirst)
    return (
      <Page title="我的收藏">
        {lists}
        <WindowedList source={favoriteNews} initial={newsFirst} itemKey={(a) => a.id} renderItem={(a) => <NewsRow item={a} />} estimate={76} emptyText="还没有收藏的资讯" label="收藏的资讯" />
      </Page>
    );
  if (liked)
    return (
      <Page title="我的点赞">
        {lists}
        <VideoFeed source={likedVideos} initial={first} emptyText="还没有点赞的视频" />
      </Page>
    );
  return (
    <Page title="我的收藏">
      {lists}
      <FavoriteGroups kind="video" groups={groups} group={group} noun="视频" />
      <VideoFeed source={favoriteVideos(group)} initial={first} emptyText={groupEmptyText(groups, group, "视频")} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.liked ? "我的点赞" : "我的收藏"} — 影音` }];
}
