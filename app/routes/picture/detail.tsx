import { pictures } from "#gateway/api/index.ts";
import type { PictureImage, PictureSetDetail } from "#gateway/api/pictures.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { Page } from "#app/components/page.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { LazyComments } from "#app/features/comments/lazy-comments.tsx";
import { FavoriteButton } from "#app/features/favorite/favorite-button.tsx";
import { SeriesFollowButton } from "#app/features/follow/series-follow-button.tsx";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { formatCount } from "#app/lib/format.ts";
import { LockIcon } from "#app/components/icons.tsx";
import { api } from "#app/lib/gateway.ts";
import "#app/components/pictures-games/pictures-games.css";
import { pictureCalls } from "#app/features/early/screens/picture.ts";
import type { Route } from "./+types/detail";


export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "图集不存在或链接有误");
  const [set, images, comments] = await pictureCalls.take(id);
  return withUnlockPanel({ set, images: images.list, comments }, !set.can_view);
}

export default function PictureDetail({ loaderData: { set, images, comments } }: Route.ComponentProps) {
  return (
    <Page title="图集">
      <header className="whole-head">
        <h1>{set.title}</h1>
        <p className="whole-meta">
          <span>共 {set.unit_count} 张</span>
          <span>{formatCount(set.view_count)} 浏览</span>
          {set.series_title ? <span>系列：{set.series_title}</span> : null}
          {set.is_pay ? <span>已购买</span> : set.coins > 0 ? <span>{set.coins} 金币</span> : <span>免费</span>}
        </p>
        <p className="whole-meta">
          {set.tags.map((t) => (
            <span key={t}>#{t}</span>
          ))}
        </p>
      </header>
      <p className="whole-intro">{set.description}</p>
      <div className="whole-actions">
        <LikeButton kind="picture" id={set.id} initial={{ is_like: set.is_like, like_count: set.like_count }} />
        <FavoriteButton kind="picture" id={set.id} favorite={set.is_favorite} />
        {set.series_id ? <SeriesFollowButton id={set.id} following={set.is_follow} /> : null}
        <ReportButton kind="picture" id={set.id} />
      </div>
      <Pictures set={set} images={images} />
      <LazyComments kind="picture" id={set.id} initial={comments} count={set.comment_count} />
    </Page>
  );
}

/** The set's pictures: the open ones preview as one group (index shown, no loop), the locked ones behind the panel. */
function Pictures({ set, images }: { set: PictureSetDetail; images: PictureImage[] }) {
  const open = images.filter((p): p is PictureImage & { url: string } => Boolean(p.url));
  const locked = images.length - open.length;
  return (
    <section className="whole-section" aria-label="图片">
      <h2>
        图片 {open.length} / {set.unit_count}
      </h2>
      {images.length === 0 ? <p className="list-end">暂无图片</p> : null}
      <ul className="picture-grid">
        {images.map((p, i) =>
          p.url ? (
            <li key={p.seq}>
              <button type="button" aria-label={`查看第 ${p.seq} 张`} onClick={() => void previewImages(open.map((o) => o.url), open.findIndex((o) => o.seq === p.seq))}>
                <EncImage src={p.url} ratio="3X4" alt="" priority={i === 0} />
              </button>
            </li>
          ) : (
            <li key={p.seq} className="picture-locked">
              <LockIcon />
              <span>第 {p.seq} 张</span>
            </li>
          ),
        )}
      </ul>
      {locked > 0 && !set.can_view ? (
        <>
          <p className="whole-meta">还有 {locked} 张图片，解锁后即可查看全部</p>
          <UnlockPanel unit={{ kind: "picture", id: set.id, title: set.title, price: set.coins, vip_free: set.vip_free }} viewer={set.viewer} />
        </>
      ) : null}
    </section>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.set.title ?? "图集"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="图集" failed="图集加载失败" />;
}
