import { TabPage } from "#app/components/tab-bar.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { sectionLoader } from "#app/features/sections/section-data.ts";
import { VideoSectionView } from "#app/features/sections/video-section.tsx";
import type { Route } from "./+types/home";

export const clientLoader = sectionLoader("/home");

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <TabPage>
      <VideoSectionView data={loaderData} title="首页" withNotice />
    </TabPage>
  );
}

export function meta() {
  return [{ title: "首页 — 影音" }];
}

export function ErrorBoundary() {
  return <TabPlaceError title="首页" />;
}
