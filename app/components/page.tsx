import { NavBar } from "antd-mobile";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { canGoBack } from "#app/stores/history.ts";
import "#app/styles/screens.css";

/** A sub-page with a title bar; back goes to the previous in-app page, or home when there is none. */
export function Page({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="page">
      <NavBar className="page-nav" onBack={() => (canGoBack() ? navigate(-1) : navigate("/home"))} right={right} backIcon>
        {title}
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
