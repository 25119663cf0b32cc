import { Unavailable } from "#app/components/unavailable.tsx";

export default function Post() {
  return <Unavailable title="圈子" />;
}

export function meta() {
  return [{ title: "圈子 — 影音" }];
}
