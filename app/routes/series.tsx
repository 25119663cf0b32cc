import { SeriesPage, seriesTitle } from "#app/components/video/series-page.tsx";
import { loadSeries } from "#app/features/sections/series.ts";
import type { Route } from "./+types/series";

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadSeries(request);

export default function Series({ loaderData }: Route.ComponentProps) {
  return <SeriesPage id={loaderData.id} first={loaderData.first} fallbackTitle="专题" />;
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${seriesTitle(data?.first, "专题")} — 影音` }];
}
