import { List } from "#app/components/kit/list.tsx";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A list row that is a real link; the whole row, arrow included, takes the tap (the link stretches over it). */
export function LinkItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <List.Item arrow className="link-item">
      <Link to={to}>{children}</Link>
    </List.Item>
  );
}
