import { List } from "#app/components/kit/list.tsx";
import { home } from "#gateway/api/index.ts";
import { AdLink } from "#app/components/media/ad-link.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Page } from "#app/components/page.tsx";
import "#app/components/services/services.css";
import { api } from "#app/lib/gateway.ts";
import type { Route } from "./+types/app-center";

export async function clientLoader() {
  return { apps: await api(home.appCenter, undefined) };
}

export default function AppCenter({ loaderData: { apps } }: Route.ComponentProps) {
  return (
    <Page title="应用中心">
      {apps.length === 0 ? (
        <p className="list-end">暂无推荐应用</p>
      ) : (
        <List>
          {apps.map((a) => (
            <List.Item key={a.id}>
              {/* An area of the app opens as a link in it; another site in a new tab. */}
              <AdLink url={a.url} title={a.name} className="app-entry">
                <EncImage src={a.icon} ratio="1X1" alt="" />
                <span>
                  {a.name}
                  <small>{a.intro}</small>
                </span>
              </AdLink>
            </List.Item>
          ))}
        </List>
      )}
    </Page>
  );
}

export function meta() {
  return [{ title: "应用中心 — 影音" }];
}
