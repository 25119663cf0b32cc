import { novels } from "#gateway/api/index.ts";
import { ChapterRow } from "#app/components/novels/chapter-row.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { devicePosition } from "#app/features/novels/place.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import type { Route } from "./+types/chapter";

const chaptersOf = (id: number) => pagedSource(novels.chaptersList, { id }, 50);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "小说不存在或链接有误");
  return { id, first: await firstPage(chaptersOf(id)), place: devicePosition(id) };
}

export default function NovelChapters({ loaderData: { id, first, place } }: Route.ComponentProps) {
  return (
    <Page title={`目录（共 ${first.total} 章）`}>
      <PagedList source={chaptersOf(id)} initial={first} itemKey={(c) => c.id} renderItem={(c) => <ChapterRow unit={c} current={c.id === place?.unit_id} />} emptyText="暂无章节" />
    </Page>
  );
}

export function meta() {
  return [{ title: "目录 — 影音" }];
}

export function ErrorBoundary() {
  return <ScreenError title="目录" failed="目录加载失败" />;
}
