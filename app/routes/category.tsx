import { Tabs } from "antd-mobile";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import { home } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { KindCategory } from "#app/components/resources/kind-category.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { kindOf, RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import { loadKindList } from "#app/features/resources/resource-tab.ts";
import { api, together } from "#app/lib/gateway.ts";
import { categoryHref } from "#app/lib/shortcut.ts";
import type { Route } from "./+types/category";

const SORTS = [
  { sort: "new", name: "最新" },
  { sort: "hot", name: "最热" },
];

const styleVideos = (id: number, sort: string) => pagedSource(home.byStyle, { style_id: id, sort }, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // `?type=novel|comic&title=…` (the category shortcuts 50 and 74): that kind's list.
  const q = new URL(request.url).searchParams;
  const kind = kindOf(q.get("type"));
  if (kind) return { kindList: await loadKindList(kind), name: q.get("title")?.trim().slice(0, 30) || RESOURCE_KINDS[kind].label };
  return { kindList: undefined, ...(await videoCategory(request)) };
}

async function videoCategory(request: Request) {
  const param = new URL(request.url).searchParams.get("id");
  const wanted = param === null ? undefined : Number(param);
  if (wanted !== undefined && (!Number.isSafeInteger(wanted) || wanted <= 0)) throw data("分类不存在", { status: 404 });
  // A category with a screen of its own (the dating area), named by an older or outside link.
  if (wanted !== undefined && categoryHref(wanted, "") !== `/category?id=${wanted}`) throw redirect(categoryHref(wanted, ""));
  const [stylesCall, hotTagsCall] = together(() => [api(home.styles, undefined).catch(() => []), api(home.hotTags, undefined).catch(() => [])]);
  // /category on its own opens the first category of the main section; the chips switch from there.
  const firstStyle = async () => {
    const all = await stylesCall;
    return (all.find((s) => s.section === "porn") ?? all[0])?.id;
  };
  const id = wanted ?? (await firstStyle());
  if (!id) throw data("暂无分类", { status: 404 });
  const [first, styles, hotTags] = await Promise.all([firstPage(styleVideos(id, "new")), stylesCall, hotTagsCall]);
  const style = styles.find((s) => s.id === id);
  // Without the list (its call failed) the page still shows the category's videos under a generic title.
  if (styles.length > 0 && !style) throw data("分类不存在", { status: 404 });
  return { id, name: style?.name ?? "分类", styles: styles.filter((s) => s.section === (style?.section ?? "porn")), hotTags, first };
}

export default function Category({ loaderData }: Route.ComponentProps) {
  if (loaderData.kindList) return <KindCategory title={loaderData.name} data={loaderData.kindList} />;
  return <VideoCategory {...loaderData} />;
}

function VideoCategory({ id, name, styles, hotTags, first }: Awaited<ReturnType<typeof videoCategory>>) {
  const [sort, setSort] = useState("new");
  // The chosen category's chip in view (the row scrolls sideways; a later one starts off screen).
  const chips = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = chips.current;
    const active = row?.querySelector<HTMLElement>(".is-active");
    if (row && active) row.scrollLeft = active.offsetLeft - row.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [id]);
  return (
    <Page title={name}>
      <nav className="category-chips" aria-label="分类" ref={chips}>
        {styles.map((s) => (
          <Link key={s.id} to={categoryHref(s.id, s.name)} replace className={s.id === id ? "is-active" : ""} aria-current={s.id === id ? "page" : undefined}>
            {s.name}
          </Link>
        ))}
      </nav>
      {hotTags.length > 0 && (
        <nav className="chips" aria-label="热门标签">
          {hotTags.slice(0, 8).map((t) => (
            <Link key={t.name} className="chip" to={`/tag?name=${encodeURIComponent(t.name)}`}>
              #{t.name}
            </Link>
          ))}
        </nav>
      )}
      <Tabs activeKey={sort} onChange={setSort}>
        {SORTS.map((s) => (
          <Tabs.Tab key={s.sort} title={s.name} />
        ))}
      </Tabs>
      <VideoFeed source={styleVideos(id, sort)} initial={sort === "new" ? first : undefined} emptyText="该分类暂无视频" />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.name ?? "分类"} — 影音` }];
}
