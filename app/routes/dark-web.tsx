import { Unavailable } from "#app/components/unavailable.tsx";

export default function DarkWeb() {
  return <Unavailable title="暗网" />;
}

export function meta() {
  return [{ title: "暗网 — 影音" }];
}
