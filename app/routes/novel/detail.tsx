import { Button } from "#app/components/kit/button.tsx";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { novels } from "#gateway/api/index.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { ChapterRow } from "#app/components/novels/chapter-row.tsx";
import { Page } from "#app/components/page.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { CommentsLater } from "#app/features/comments/lazy-comments.tsx";
import { FavoriteButton } from "#app/features/favorite/favorite-button.tsx";
import { SeriesFollowButton } from "#app/features/follow/series-follow-button.tsx";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { devicePosition } from "#app/features/novels/place.ts";
import { isOfflineCopy, withOfflineItem } from "#app/features/offline/offline-access.ts";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { formatCount } from "#app/lib/format.ts";
import { api } from "#app/lib/gateway.ts";
import { novelCalls } from "#app/features/early/screens/novel.ts";
import type { Route } from "./+types/detail";

// 猜你喜欢 comes with the comments, after the book and its chapters (decision 108).
const ResourceCard = lazy(() => import("#app/components/resources/resource-card.tsx").then((m) => ({ default: m.ResourceCard })));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "小说不存在或链接有误");
  // With no network, the chapters saved for offline reading and the detail kept with them (decision 046).
  const loaded = await withOfflineItem(
    "novel",
    id,
    () => novelCalls.take(id),
    async (units) => (await import("#app/features/offline/saved-books.ts")).savedNovel(units),
  );
  return withUnlockPanel({ ...loaded, offline: isOfflineCopy(loaded), place: devicePosition(id) }, loaded.novel.book_price > 0);
}

export default function NovelDetail({ loaderData: { novel, chapters, recommended, comments, place, offline } }: Route.ComponentProps) {
  const first = chapters.list[0];
  const readHref = place ? `/novel/reader?id=${novel.id}&chapter=${place.unit_id}` : first ? `/novel/reader?id=${novel.id}&chapter=${first.id}` : "";
  return (
    <Page title="小说">
      <header className="novel-head">
        <EncImage src={novel.cover} ratio={novel.cover_ratio} alt={novel.title} eager />
        <div>
          <h1>{novel.title}</h1>
          <p className="novel-meta">
            <span>{novel.is_end ? "已完结" : "连载中"}</span>
            <span>共 {novel.unit_count} 章</span>
            <span>{formatCount(novel.view_count)} 阅读</span>
          </p>
          <p className="novel-meta">
            {novel.tags.map((t) => (
              <span key={t}>#{t}</span>
            ))}
          </p>
          <p className="novel-meta">
            {novel.is_pay ? <span>已购全书</span> : novel.coins > 0 ? <span>全书 {novel.coins} 金币</span> : <span>免费</span>}
            {novel.open_count < novel.unit_count ? <span>可读 {novel.open_count} 章</span> : null}
          </p>
        </div>
      </header>
      <p className="novel-intro">{novel.description}</p>
      <div className="novel-actions">
        {readHref ? (
          <Link className="novel-read" to={readHref}>
            <Button block color="primary">
              {place ? "继续阅读" : "开始阅读"}
            </Button>
          </Link>
        ) : null}
        <LikeButton kind="novel" id={novel.id} initial={{ is_like: novel.is_like, like_count: novel.like_count }} />
        <FavoriteButton kind="novel" id={novel.id} favorite={novel.is_favorite} />
        <SeriesFollowButton id={novel.id} following={novel.is_follow} />
        <ReportButton kind="novel" id={novel.id} />
      </div>
      {novel.book_price > 0 ? (
        <section className="novel-section novel-buy" aria-label="整本购买">
          <h2>整本购买{novel.book_price < novel.coins ? `（已抵扣 ${novel.coins - novel.book_price} 金币）` : ""}</h2>
          <UnlockPanel unit={{ kind: "novel", id: novel.id, title: novel.title, price: novel.book_price, vip_free: 0 }} viewer={novel.viewer} />
        </section>
      ) : null}
      <section className="novel-section" aria-label="目录">
        <h2>
          {offline ? `目录（已保存 ${chapters.list.length} 章）` : <>目录 <Link to={`/novel/chapter?id=${novel.id}`}>全部 {novel.unit_count} 章 ›</Link></>}
        </h2>
        {chapters.list.length ? (
          <ul className="chapter-list">
            {chapters.list.map((c) => (
              <li key={c.id}>
                <ChapterRow unit={c} current={c.id === place?.unit_id} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="list-end">暂无章节</p>
        )}
      </section>
      {/* What follows the chapters comes with its code, after the first frame: appended, it moves nothing (decision 108). */}
      <Suspense fallback={null}>
        {recommended.length ? (
          <section className="novel-section" aria-label="猜你喜欢">
            <h2>猜你喜欢</h2>
            <ul className="chapter-list">
              {recommended.map((n) => (
                <li key={n.id}>
                  <ResourceCard item={n} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <CommentsLater kind="novel" id={novel.id} initial={comments} count={novel.comment_count} />
      </Suspense>
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.novel.title ?? "小说"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="小说" failed="小说加载失败" />;
}
