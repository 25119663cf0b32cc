import { audio } from "#gateway/api/index.ts";
import { AudioPlayerPanel } from "#app/components/audio/audio-player-panel.tsx";
import { ChapterList } from "#app/components/audio/chapter-list.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Page } from "#app/components/page.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { localProgress } from "#app/features/audio/player-reads.ts";
import { newerProgress } from "#app/lib/progress.ts";
import { LazyComments } from "#app/features/comments/lazy-comments.tsx";
import { FavoriteButton } from "#app/features/favorite/favorite-button.tsx";
import { SeriesFollowButton } from "#app/features/follow/series-follow-button.tsx";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { withOfflineItem } from "#app/features/offline/offline-access.ts";
import type { SavedAudioChapter } from "#app/features/offline/saved-audio.ts";
import { SaveOffline } from "#app/features/offline/save-offline.tsx";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { formatCount, formatDuration } from "#app/lib/format.ts";
import { api } from "#app/lib/gateway.ts";
import "#app/components/audio/audio.css";
import { audioCalls } from "#app/features/early/screens/audio.ts";
import type { Route } from "./+types/detail";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "有声书不存在或链接有误");
  // With no network, the book's chapters saved for offline listening (decision 046).
  const { remote, ...loaded } = await withOfflineItem(
    "audio",
    id,
    () => audioCalls.take(id),
    async (units) => ({ ...(await import("#app/features/offline/saved-audio.ts")).savedAudioBook(units), remote: null }),
  );
  return withUnlockPanel({ ...loaded, resumeAt: newerProgress(localProgress(id), remote) }, loaded.book.book_price > 0);
}

export default function AudioDetailScreen({ loaderData: { book, chapters, comments, resumeAt } }: Route.ComponentProps) {
  return (
    <Page title="有声">
      <section className="audio-head">
        <EncImage src={book.cover} ratio="1X1" alt={book.title} className="audio-head-cover" eager />
        <div className="audio-head-text">
          <h1>{book.title}</h1>
          <p className="audio-meta">
            <span>{book.is_end ? "已完结" : "连载中"}</span>
            <span>共 {book.unit_count} 集</span>
            <span>{formatDuration(book.duration)}</span>
            <span>{formatCount(book.view_count)} 次收听</span>
          </p>
          <p className="audio-tags">
            {book.tags.map((t) => (
              <span key={t}>#{t}</span>
            ))}
          </p>
        </div>
      </section>
      <p className="audio-intro">{book.description}</p>
      <div className="locked-actions">
        <LikeButton kind="audio" id={book.id} initial={book} />
        <FavoriteButton kind="audio" id={book.id} favorite={book.is_favorite} />
        <SeriesFollowButton id={book.id} following={book.is_follow} />
        <ReportButton kind="audio" id={book.id} />
      </div>
      <AudioPlayerPanel book={book} chapters={chapters} resumeAt={resumeAt} />
      {book.book_price > 0 ? (
        <UnlockPanel unit={{ kind: "audio", id: book.id, title: book.title, price: book.book_price, vip_free: 0 }} viewer={book.viewer} />
      ) : null}
      <h2 className="audio-section-title">章节（已解锁 {book.open_count}/{book.unit_count}）</h2>
      <ChapterList
        book={book}
        chapters={chapters}
        extra={(c) =>
          c.can_open ? (
            <SaveOffline
              kind="audio"
              itemId={book.id}
              unitId={c.id}
              title={`${book.title} · ${c.title}`}
              href={`/audio/detail?id=${book.id}`}
              data={{ book, chapter: c } satisfies SavedAudioChapter}
              files={c.audio_url ? [c.audio_url] : []}
              canOpen={Boolean(c.audio_url)}
            />
          ) : null
        }
      />
      <LazyComments kind="audio" id={book.id} initial={comments} count={book.comment_count} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.book.title ?? "有声"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="有声" failed="有声书加载失败" />;
}
