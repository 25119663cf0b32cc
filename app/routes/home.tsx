import { Unavailable } from "#app/components/unavailable.tsx";

export default function Home() {
  return <Unavailable title="首页" />;
}

export function meta() {
  return [{ title: "首页 — 影音" }];
}
