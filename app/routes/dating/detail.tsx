import { Link } from "react-router";
import { dating } from "#gateway/api/index.ts";
import type { DatingDetail, DatingReview } from "#gateway/api/dating.ts";
import { CertifiedMark } from "#app/components/dating/dating-card.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { ReadOnlyRate } from "#app/components/read-only-rate.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { formatTime } from "#app/lib/format.ts";
import { api } from "#app/lib/gateway.ts";
import { listingId } from "./listing-id.ts";
import { datingReviews as reviewsOf, listingCalls } from "#app/features/early/screens/listing.ts";
import type { Route } from "./+types/detail";


export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = listingId(request);
  const [listing, reviews] = await listingCalls.take(id);
  return withUnlockPanel({ listing, reviews }, !listing.contact);
}

export default function Detail({ loaderData: { listing, reviews } }: Route.ComponentProps) {
  return (
    <Page title={listing.name}>
      <Photos listing={listing} />
      <section className="dating-section" aria-label="基本信息">
        <h2>
          {listing.name} {listing.certified ? <CertifiedMark /> : null}
        </h2>
        <p className="dating-card-meta">
          {listing.area}
          {listing.age ? ` · ${listing.age}岁` : ""} · 解锁价格 {listing.price} 金币
        </p>
        <p>{listing.intro}</p>
      </section>
      <div className="dating-actions">
        <LikeButton kind="dating" id={listing.id} initial={{ is_like: listing.is_like, like_count: listing.like_count }} />
        <ReportButton kind="dating" id={listing.id} />
      </div>
      {listing.contact ? (
        <section className="dating-contact" aria-label="联系方式">
          <p>联系方式：{listing.contact}</p>
          <Link className="adm-button adm-button-primary adm-button-small adm-button-shape-default" to={`/dating/dcomment?id=${listing.id}`}>
            <span>写体验评价</span>
          </Link>
        </section>
      ) : (
        <UnlockPanel unit={{ kind: "dating", id: listing.id, title: listing.name, cover: listing.cover, price: listing.price, vip_free: 0 }} viewer={listing.viewer} />
      )}
      <section className="dating-section" aria-label="体验评价">
        <h2>体验评价（{listing.comment_count}）</h2>
        {!listing.contact && (
          <p className="dating-card-meta">
            解锁联系方式后可
            <Link className="more-link" to={`/dating/dcomment?id=${listing.id}`}>
              发表体验评价
            </Link>
          </p>
        )}
        <PagedList source={reviewsOf(listing.id)} initial={reviews} itemKey={(r) => r.id} renderItem={(r) => <Review review={r} />} emptyText="还没有评价" />
      </section>
    </Page>
  );
}

function Photos({ listing }: { listing: DatingDetail }) {
  return (
    <div className="dating-photos">
      {listing.images.map((src, i) => (
        <button key={src} type="button" aria-label={`查看第 ${i + 1} 张照片`} onClick={() => void previewImages(listing.images, i)}>
          <EncImage src={src} ratio="3X4" alt="" priority={i === 0} />
        </button>
      ))}
    </div>
  );
}

function Review({ review }: { review: DatingReview }) {
  return (
    <article className="dating-review">
      <p>
        <strong>{review.user.nickname}</strong> <ReadOnlyRate value={review.rating} style={{ "--star-size": "14px" }} />
      </p>
      <p>{review.content}</p>
      {review.images.length > 0 && (
        <div className="dating-review-images">
          {review.images.map((src, i) => (
            <button key={src} type="button" className="text-button" aria-label={`查看评价图片 ${i + 1}`} onClick={() => void previewImages(review.images, i)}>
              <img src={src} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
      <p className="dating-card-meta">{formatTime(review.created_at)}</p>
      <ReportButton kind="review" id={review.id} look="text" label={`举报 ${review.user.nickname} 的评价`} />
    </article>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.listing.name ?? "约会信息"} — 影音` }];
}
