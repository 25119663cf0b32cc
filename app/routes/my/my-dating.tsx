import { Tabs } from "antd-mobile";
import { Link, useSearchParams } from "react-router";
import { dating } from "#gateway/api/index.ts";
import { DatingCardRow } from "#app/components/dating/dating-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-dating";

/** Two lists: the listings unlocked (the default) and those liked (`?list=liked`). */
const isLiked = (request: Request) => new URL(request.url).searchParams.get("list") === "liked";
const unlocked = pagedSource(dating.listMyBuy, {}, 20);
const liked = pagedSource(dating.listMyLike, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const likedList = isLiked(request);
  return { likedList, first: await firstPage(likedList ? liked : unlocked) };
}

export default function MyDating({ loaderData: { likedList, first } }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  return (
    <Page title="我的约会">
      <Tabs activeKey={likedList ? "liked" : "unlocked"} onChange={(k) => setParams(k === "liked" ? { list: "liked" } : {}, { replace: true })}>
        <Tabs.Tab key="unlocked" title="已解锁" />
        <Tabs.Tab key="liked" title="喜欢" />
      </Tabs>
      <PagedList
        source={likedList ? liked : unlocked}
        initial={first}
        itemKey={(c) => c.id}
        renderItem={(c) => <DatingCardRow card={c} />}
        emptyText={likedList ? "还没有喜欢的信息" : "还没有解锁的信息"}
        emptyAction={
          <Link className="empty-action" to="/dating">
            去看看同城约会
          </Link>
        }
      />
    </Page>
  );
}

export function meta() {
  return [{ title: "我的约会 — 影音" }];
}
