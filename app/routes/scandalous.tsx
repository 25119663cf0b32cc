import { Unavailable } from "#app/components/unavailable.tsx";

export default function Scandalous() {
  return <Unavailable title="黑料" />;
}

export function meta() {
  return [{ title: "黑料 — 影音" }];
}
