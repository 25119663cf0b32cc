import { useState } from "react";
import { Link } from "react-router";
import type { ComicDetail } from "#gateway/api/comics.ts";
import { comics } from "#gateway/api/index.ts";
import type { ResourceUnit } from "#gateway/api/resources.ts";
import { LockIcon } from "#app/components/icons.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Page } from "#app/components/page.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { LazyComments } from "#app/features/comments/lazy-comments.tsx";
import { FavoriteButton } from "#app/features/favorite/favorite-button.tsx";
import { SeriesFollowButton } from "#app/features/follow/series-follow-button.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { isOfflineCopy, withOfflineItem } from "#app/features/offline/offline-access.ts";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { episodePath } from "#app/features/comics/episode.ts";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { api } from "#app/lib/gateway.ts";
import { formatCount } from "#app/lib/format.ts";
import "#app/features/comics/comics.css";
import { comicCalls } from "#app/features/early/screens/comic.ts";
import type { Route } from "./+types/cartoon-detail";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "漫画不存在或链接有误");
  // With no network, the episodes saved for offline reading and the detail kept with them (decision 046).
  const loaded = await withOfflineItem(
    "comic",
    id,
    () => comicCalls.take(id),
    async (units) => (await import("#app/features/offline/saved-books.ts")).savedComic(units),
  );
  return withUnlockPanel({ ...loaded, offline: isOfflineCopy(loaded) }, loaded.comic.book_price > 0);
}

export default function CartoonDetail({ loaderData: { comic, episodes, comments, offline } }: Route.ComponentProps) {
  const [buying, setBuying] = useState<ResourceUnit | null>(null);
  // Once bought (the loaders ran again), the sheet has done its work.
  const open = buying && episodes.find((e) => e.id === buying.id)?.can_open;
  if (open) setBuying(null);
  const first = episodes.find((e) => e.can_open);
  return (
    <Page title={comic.title} right={<ShareLink />}>
      <ComicHead comic={comic} />
      <div className="post-actions">
        {first ? (
          <Link className="adm-button adm-button-primary adm-button-small item-action" to={episodePath(comic.id, first.id)}>
            开始阅读
          </Link>
        ) : null}
        <LikeButton kind="comic" id={comic.id} initial={comic} />
        <FavoriteButton kind="comic" id={comic.id} favorite={comic.is_favorite} />
        <SeriesFollowButton id={comic.id} following={comic.is_follow} />
        <ReportButton kind="comic" id={comic.id} />
      </div>
      {comic.book_price > 0 ? (
        <div className="comic-buy-book">
          <UnlockPanel unit={{ kind: "comic", id: comic.id, title: comic.title, price: comic.book_price, vip_free: 0 }} viewer={comic.viewer} />
        </div>
      ) : null}
      <h2 className="comic-section-title">
        {offline ? `选集（已保存 ${episodes.length} 话）` : `选集（共 ${episodes.length} 话${comic.is_end ? "，已完结" : "，连载中"}）`}
      </h2>
      {episodes.length ? (
        <ul className="comic-episodes" aria-label="章节">
          {episodes.map((e) => (
            <li key={e.id}>
              {e.can_open ? (
                <Link className="comic-episode" to={episodePath(comic.id, e.id)}>
                  <span>{e.title}</span>
                </Link>
              ) : (
                <button type="button" className="comic-episode" onClick={() => setBuying(e)} aria-label={`${e.title}，${e.coins ? `${e.coins} 金币解锁` : "VIP 免费"}`}>
                  <span>{e.title}</span>
                  <span className="comic-episode-price">
                    <LockIcon /> {e.coins ? `${e.coins} 金币` : "VIP"}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="comic-reader-end">暂无章节</p>
      )}
      <Sheet visible={buying !== null} onClose={() => setBuying(null)} title="解锁章节" destroyOnClose>
        {buying ? (
          <div className="comic-unlock">
            <UnlockPanel unit={{ kind: "comic-episode", id: comic.id, part: buying.id, title: buying.title, price: buying.coins, vip_free: buying.vip_free }} viewer={comic.viewer} />
          </div>
        ) : null}
      </Sheet>
      <LazyComments kind="comic" id={comic.id} initial={comments} count={comic.comment_count} />
    </Page>
  );
}

function ComicHead({ comic }: { comic: ComicDetail }) {
  return (
    <header className="comic-head">
      <EncImage src={comic.cover} ratio={comic.cover_ratio} alt={comic.title} priority />
      <div>
        <h1>{comic.title}</h1>
        <p className="comic-meta">
          <span>{formatCount(comic.view_count)} 阅读</span>
          <span>{formatCount(comic.favorite_count)} 收藏</span>
          <span>{comic.is_end ? "已完结" : "连载中"}</span>
        </p>
        <p className="comic-meta">
          {comic.tags.map((t) => (
            <span key={t}>#{t}</span>
          ))}
        </p>
        <p className="comic-intro">{comic.description}</p>
      </div>
    </header>
  );
}

function ShareLink() {
  return (
    <Link className="comic-share" to="/share/index" aria-label="分享">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
      </svg>
    </Link>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.comic.title ?? "漫画"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="漫画" failed="漫画加载失败" />;
}
