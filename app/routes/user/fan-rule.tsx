import { home } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { creatorUid } from "#app/lib/creator-uid.ts";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/fan-rule";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return api(home.clubRules, { uid: creatorUid(request) });
}

export default function FanRule({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="粉丝团规则">
      <ol className="rules">
        {loaderData.rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ol>
    </Page>
  );
}

export function meta() {
  return [{ title: "粉丝团规则 — 影音" }];
}
