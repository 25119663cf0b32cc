import { Page } from "#app/components/page.tsx";
import { PeopleList } from "#app/components/people-list.tsx";
import { loadPeople } from "#app/features/follow/people.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/fans";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!new URL(request.url).searchParams.get("uid")) requireMember(request);
  return loadPeople(request, "fans");
}

export default function Fans({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="粉丝">
      <PeopleList direction="fans" uid={loaderData.uid} initial={loaderData.first} />
    </Page>
  );
}

export function meta() {
  return [{ title: "粉丝 — 影音" }];
}
