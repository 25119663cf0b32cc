import { Page } from "#app/components/page.tsx";
import { PeopleList } from "#app/components/people-list.tsx";
import { loadPeople } from "#app/features/follow/people.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-fans";

// The member's own fans (`/api/user/fans` without `uid`); /user/fans shows anyone's.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return loadPeople(new Request(new URL("/my/my-fans", request.url)), "fans");
}

export default function MyFans({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="我的粉丝">
      <PeopleList direction="fans" uid={0} initial={loaderData.first} />
    </Page>
  );
}

export function meta() {
  return [{ title: "我的粉丝 — 影音" }];
}
