import { news } from "#gateway/api/index.ts";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { RichText } from "#app/components/news/rich-text.tsx";
import { Page } from "#app/components/page.tsx";
import { LazyComments } from "#app/features/comments/lazy-comments.tsx";
import { FavoriteButton } from "#app/features/favorite/favorite-button.tsx";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { articleCalls } from "#app/features/early/screens/article.ts";
import { formatCount, formatTime } from "#app/lib/format.ts";
import "#app/components/news/article.css";
import type { Route } from "./+types/detail";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "文章不存在或链接有误");
  const [article, comments] = await articleCalls.take(id);
  return withUnlockPanel({ article, comments }, Boolean(article.locked));
}

export default function NewsDetail({ loaderData: { article, comments } }: Route.ComponentProps) {
  return (
    <Page title="黑料">
      <article className="article">
        <h1>{article.title}</h1>
        <p className="article-meta">
          <span>{formatTime(article.created_at)}</span>
          <span>{formatCount(article.view_count)} 阅读</span>
          {article.tags.map((t) => (
            <span key={t}>#{t}</span>
          ))}
        </p>
        <div className={article.locked ? "article-fade" : undefined}>
          <RichText html={article.body} />
        </div>
        {article.locked ? (
          <UnlockPanel unit={{ kind: "news", id: article.id, title: article.title, price: article.coins, vip_free: 0 }} viewer={article.viewer} />
        ) : null}
        <div className="post-actions">
          <FavoriteButton kind="news" id={article.id} favorite={article.is_favorite} />
          <ReportButton kind="news" id={article.id} />
        </div>
      </article>
      <LazyComments kind="news" id={article.id} initial={comments} count={article.comment_count} />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.article.title ?? "黑料"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="黑料" failed="文章加载失败" />;
}
