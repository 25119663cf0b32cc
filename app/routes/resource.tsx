import { ResourceTab } from "#app/components/resources/resource-tab.tsx";
import { TabPage } from "#app/components/tab-bar.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import { resourceCalls } from "#app/features/early/screens/resource.ts";
import type { Route } from "./+types/resource";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return resourceCalls.take(String(new URL(request.url).searchParams));
}

export default function Resource({ loaderData }: Route.ComponentProps) {
  return (
    <TabPage>
      <header className="section-head">
        <h1 className="section-title">资源</h1>
      </header>
      <ResourceTab data={loaderData} />
    </TabPage>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data ? RESOURCE_KINDS[data.query.kind].label : "资源"} — 影音` }];
}

export function ErrorBoundary() {
  return <TabPlaceError title="资源" />;
}
