import { data } from "react-router";
import { circle } from "#gateway/api/index.ts";
import { PostFeed } from "#app/components/circle/circle-feeds.tsx";
import { circleSources } from "#app/features/circle/circle-sources.ts";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { Page } from "#app/components/page.tsx";
import { firstPage } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import type { Route } from "./+types/topic";
import "#app/components/circle/post.css";

const topicPosts = (id: number) => circleSources.feed("new", id);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "话题不存在或链接有误");
  const [topics, first] = await Promise.all(together(() => [api(circle.topics, undefined), firstPage(topicPosts(id))]));
  const topic = topics.find((t) => t.id === id);
  if (!topic) throw data("话题不存在或链接有误", { status: 404 });
  return { topic, first };
}

export default function Topic({ loaderData: { topic, first } }: Route.ComponentProps) {
  return (
    <Page title={`#${topic.title}`}>
      <p className="composer-hint">
        {topic.post_count} 条帖子
      </p>
      <PostFeed source={topicPosts(topic.id)} initial={first} emptyText="这个话题还没有帖子" />
    </Page>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.topic.title ?? "话题"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="话题" failed="话题加载失败" />;
}
