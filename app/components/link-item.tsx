import { List } from "antd-mobile";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A list row that is a real link. */
export function LinkItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <List.Item arrow>
      <Link to={to}>{children}</Link>
    </List.Item>
  );
}
