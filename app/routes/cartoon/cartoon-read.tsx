import { useEffect } from "react";
import { data, Link } from "react-router";
import { comics, resources } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { ComicPages } from "#app/features/comics/comic-pages.tsx";
import { episodePath, loadEpisode } from "#app/features/comics/episode.ts";
import { SaveOffline } from "#app/features/offline/save-offline.tsx";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { api, quietApi } from "#app/lib/gateway.ts";
import "#app/features/comics/comics.css";
import type { Route } from "./+types/cartoon-read";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "漫画不存在或链接有误");
  const episode = Number(new URL(request.url).searchParams.get("episode"));
  if (!Number.isSafeInteger(episode) || episode <= 0) throw data("章节不存在或链接有误", { status: 404 });
  const read = await loadEpisode(id, episode);
  return withUnlockPanel({ read }, Boolean(read.locked));
}

export default function CartoonRead({ loaderData: { read } }: Route.ComponentProps) {
  const { episode } = read;
  useEffect(() => {
    // A new episode starts at its top; where the member is follows them to another device (silent, decision 041).
    window.scrollTo(0, 0);
    if (read.viewer.is_member && !read.locked) void api(resources.saveProgress, { item_id: read.comic_id, unit_id: episode.id, position: 0, updated_at: Date.now() });
  }, [read.comic_id, episode.id, read.locked, read.viewer.is_member]);
  return (
    <Page title={`${episode.title}`}>
      <div className="comic-reader">
        {read.locked ? (
          <div className="comic-reader-locked">
            <UnlockPanel unit={{ kind: "comic-episode", id: read.comic_id, part: episode.id, title: episode.title, price: episode.coins, vip_free: episode.vip_free }} viewer={read.viewer} />
          </div>
        ) : (
          <>
            <ComicPages pages={read.pages} />
            <p className="comic-reader-end">{read.next_id ? "本话完，继续阅读下一话" : "已是最新一话"}</p>
          </>
        )}
      </div>
      <nav className="comic-toolbar" aria-label="阅读工具栏">
        <EpisodeLink comic={read.comic_id} episode={read.prev_id}>上一话</EpisodeLink>
        <Link className="adm-button adm-button-default adm-button-small" to={`/cartoon/cartoon-detail?id=${read.comic_id}`} replace>
          目录
        </Link>
        {/* The offline save button of an episode goes here (decision 046). */}
        <span className="comic-toolbar-slot" data-slot="offline">
          <SaveOffline
            kind="comic"
            itemId={read.comic_id}
            unitId={episode.id}
            title={`${read.comic_title} · ${episode.title}`}
            href={episodePath(read.comic_id, episode.id)}
            data={read}
            files={read.pages.map((p) => p.url)}
            canOpen={!read.locked}
            item={() => quietApi(comics.listEpisode, { id: read.comic_id })}
          />
        </span>
        <EpisodeLink comic={read.comic_id} episode={read.next_id}>下一话</EpisodeLink>
      </nav>
    </Page>
  );
}

function EpisodeLink({ comic, episode, children }: { comic: number; episode: number; children: string }) {
  if (!episode)
    return (
      <span className="adm-button adm-button-default adm-button-small adm-button-disabled" aria-disabled="true">
        {children}
      </span>
    );
  return (
    <Link className="adm-button adm-button-default adm-button-small" to={episodePath(comic, episode)} replace>
      {children}
    </Link>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.read.comic_title ?? "漫画"} ${data?.read.episode.title ?? ""} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="漫画" failed="章节加载失败" />;
}
