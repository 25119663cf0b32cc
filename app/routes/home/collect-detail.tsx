import { SeriesPage, seriesTitle } from "#app/components/video/series-page.tsx";
import { loadSeries } from "#app/features/sections/series.ts";
import type { Route } from "./+types/collect-detail";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadSeries(request);

export default function CollectDetail({ loaderData }: Route.ComponentProps) {
  return <SeriesPage id={loaderData.id} first={loaderData.first} fallbackTitle="合集" />;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${seriesTitle(data?.first, "合集")} — 影音` }];
}
