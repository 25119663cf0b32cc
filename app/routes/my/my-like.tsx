import { Button, Input, Tabs } from "antd-mobile";
import { useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { accounts, news } from "#gateway/api/index.ts";
import { WindowedList } from "#app/components/circle/windowed-list.tsx";
import { NewsRow } from "#app/components/news/news-row.tsx";
import { MyResourceListView, RESOURCE_LIST_TABS } from "#app/components/resources/my-resource-lists.tsx";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { loadMyResourceList } from "#app/features/resources/my-resource-lists.ts";
import { api, together } from "#app/lib/gateway.ts";
import { Dialog } from "#app/lib/overlays.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-like";

function groupParam(request: Request): number | undefined {
  const g = Number(new URL(request.url).searchParams.get("group"));
  return Number.isSafeInteger(g) && g > 0 ? g : undefined;
}

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
  const group = groupParam(request);
  const [groups, first] = await Promise.all(together(() => [api(accounts.likeGroups, undefined), firstPage(favoriteVideos(group))]));
  return { liked: false, groups, group, first };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "").trim();
  const id = Number(form.get("id"));
  try {
    switch (form.get("intent")) {
      case "create":
        if (!name) return { error: "请输入分组名称" };
        return { created: await api(accounts.createLikeGroup, { name }) };
      case "rename":
        if (!name) return { error: "请输入分组名称" };
        return { group: await api(accounts.updateLikeGroup, { id, name }) };
      case "delete":
        await api(accounts.deleteLikeGroup, { id });
        return { deleted: id };
      default:
        return { error: "未知操作" };
    }
  } catch {
    // The gateway's refusal (a duplicate name, …) has been shown as a toast; the typed name stays.
    return { failed: true };
  }
}

export default function MyLike({ loaderData }: Route.ComponentProps) {
  const { liked, groups, group, first } = loaderData;
  const newsFirst = "newsFirst" in loaderData ? loaderData.newsFirst : undefined;
  const resourceList = "resourceList" in loaderData ? loaderData.resourceList : undefined;
  const [, setParams] = useSearchParams();
  const fetcher = useFetcher<typeof clientAction>();
  const [name, setName] = useState("");
  // The typed name is cleared once the group is made, not when the request leaves: a refused one can be fixed.
  const created = fetcher.data && "created" in fetcher.data ? fetcher.data.created : undefined;
  const [clearedFor, setClearedFor] = useState<unknown>(undefined);
  if (created && created !== clearedFor) {
    setClearedFor(created);
    setName("");
  }
  const current = groups.find((g) => g.id === group);
  const ask = (title: string, initial: string, then: (value: string) => void) => {
    let value = initial;
    void Dialog.confirm({
      title,
      content: <Input defaultValue={initial} maxLength={accounts.MAX_FAVORITE_GROUP_NAME} placeholder="分组名称" onChange={(v) => (value = v)} aria-label="分组名称" />,
      onConfirm: () => then(value.trim()),
    });
  };
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
      <Tabs activeKey={String(group ?? 0)} onChange={(k) => setParams(k === "0" ? {} : { group: k }, { replace: true })}>
        <Tabs.Tab key="0" title="全部" />
        {groups.map((g) => (
          <Tabs.Tab key={String(g.id)} title={`${g.name} ${g.video_count}`} />
        ))}
      </Tabs>
      <div className="group-tools">
        <Input value={name} onChange={setName} maxLength={accounts.MAX_FAVORITE_GROUP_NAME} placeholder="新分组名称" aria-label="新分组名称" />
        <Button
          size="small"
          disabled={!name.trim() || fetcher.state !== "idle"}
          onClick={() => {
            void fetcher.submit({ intent: "create", name: name.trim() }, { method: "post" });
          }}
        >
          新建分组
        </Button>
        {current && (
          <>
            <Button size="small" onClick={() => ask("重命名分组", current.name, (v) => void fetcher.submit({ intent: "rename", id: String(current.id), name: v }, { method: "post" }))}>
              重命名
            </Button>
            <Button
              size="small"
              color="danger"
              onClick={async () => {
                if (await Dialog.confirm({ content: `删除分组「${current.name}」？其中的视频仍保留在“全部”里。` })) {
                  void fetcher.submit({ intent: "delete", id: String(current.id) }, { method: "post" });
                  setParams({}, { replace: true });
                }
              }}
            >
              删除分组
            </Button>
          </>
        )}
      </div>
      {fetcher.data && "error" in fetcher.data && <p className="form-error">{fetcher.data.error}</p>}
      <VideoFeed source={favoriteVideos(group)} initial={first} emptyText={current ? `分组「${current.name}」里还没有视频` : "还没有收藏的视频"} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.liked ? "我的点赞" : "我的收藏"} — 影音` }];
}
