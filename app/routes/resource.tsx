import { Unavailable } from "#app/components/unavailable.tsx";

export default function Resource() {
  return <Unavailable title="资源" />;
}

export function meta() {
  return [{ title: "资源 — 影音" }];
}
