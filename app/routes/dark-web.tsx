import { TabPage } from "#app/components/tab-bar.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { sectionLoader } from "#app/features/sections/section-data.ts";
import { VideoSectionView } from "#app/features/sections/video-section.tsx";
import type { Route } from "./+types/dark-web";

export const clientLoader = sectionLoader("/dark_web");

export default function DarkWeb({ loaderData }: Route.ComponentProps) {
  return (
    <TabPage>
      <VideoSectionView data={loaderData} title="暗网" />
    </TabPage>
  );
}

export function meta() {
  return [{ title: "暗网 — 影音" }];
}

export function ErrorBoundary() {
  return <TabPlaceError title="暗网" />;
}
