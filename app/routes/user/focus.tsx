import { Page } from "#app/components/page.tsx";
import { PeopleList } from "#app/components/people-list.tsx";
import { loadPeople } from "#app/features/follow/people.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/focus";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!new URL(request.url).searchParams.get("uid")) requireMember(request);
  return loadPeople(request, "focus");
}

export default function Focus({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="关注">
      <PeopleList direction="focus" uid={loaderData.uid} initial={loaderData.first} />
    </Page>
  );
}

export function meta() {
  return [{ title: "关注 — 影音" }];
}
