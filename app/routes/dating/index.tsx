import { Link, useSearchParams } from "react-router";
import { dating } from "#gateway/api/index.ts";
import { DATING_PRICES, DATING_SORTS, type DatingSort } from "#gateway/api/dating.ts";
import { DatingFeed } from "#app/components/dating/dating-feed.tsx";
import { Page } from "#app/components/page.tsx";
import { Selector } from "#app/components/selector.tsx";
import { Tabs } from "#app/components/tabs.tsx";
import { api } from "#app/lib/gateway.ts";
import { datingCalls, datingFilter, datingListings as listings } from "#app/features/early/screens/dating.ts";
import type { Route } from "./+types/index";

/** The filters are the query string (`?area=2&price=0-30&certified=1&sort=price`): a filtered list can be shared. */

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filter = datingFilter(new URL(request.url).searchParams);
  const [areas, first] = await datingCalls.take(filter);
  return { areas, filter, first };
}

export default function Dating({ loaderData: { areas, filter, first } }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return (
    <Page
      title="同城约会"
      right={
        <Link className="text-button" to="/dating/certify">
          申请认证
        </Link>
      }
    >
      <Tabs activeKey={params.get("area") ?? "0"} onChange={(k) => set("area", k === "0" ? undefined : k)}>
        <Tabs.Tab key="0" title="全部" />
        {areas.map((a) => (
          <Tabs.Tab key={String(a.id)} title={a.name} />
        ))}
      </Tabs>
      <div className="dating-filters">
        <Selector
          aria-label="排序"
          options={DATING_SORTS.map((s) => ({ label: s.name, value: s.sort }))}
          value={[filter.sort ?? "new"]}
          onChange={(v: DatingSort[]) => set("sort", v[0] === "new" ? undefined : v[0])}
        />
        <Selector
          aria-label="价格"
          options={[...DATING_PRICES.map((p) => ({ label: p.name, value: p.key })), { label: "仅看认证", value: "certified" }]}
          multiple
          value={[...(params.get("price") ? [params.get("price")!] : []), ...(filter.certified ? ["certified"] : [])]}
          onChange={(v: string[]) => {
            const price = v.filter((k) => k !== "certified" && k !== params.get("price")).at(-1) ?? v.find((k) => k === params.get("price"));
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                if (price) next.set("price", price);
                else next.delete("price");
                if (v.includes("certified")) next.set("certified", "1");
                else next.delete("certified");
                return next;
              },
              { replace: true },
            );
          }}
        />
      </div>
      <DatingFeed source={listings(filter)} initial={first} emptyText="这里还没有信息，换个地区或条件看看" />
    </Page>
  );
}

export function meta() {
  return [{ title: "同城约会 — 影音" }];
}
