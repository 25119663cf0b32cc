import { NavBar } from "antd-mobile";
import type { MouseEvent, ReactNode } from "react";
import { useNavigate } from "react-router";
import { canGoBack } from "#app/stores/history.ts";
import "#app/styles/screens.css";

/** A sub-page with a title bar; back goes to the previous in-app page, or home when there is none. */
export function Page({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  const navigate = useNavigate();
  // NOTE: antd-mobile's back control is a role=button element whose click handler sits on an inner element
  // around an unnamed icon (its own label is aria-hidden). A tap beside the arrow, or a screen reader's
  // activation (which targets the role=button element itself), missed it. So clicks anywhere in the control
  // are taken here, and `left`, which renders inside the control, names it.
  const onClick = (e: MouseEvent) => {
    if (!(e.target as Element).closest(".page-nav .adm-nav-bar-left")) return;
    if (canGoBack()) navigate(-1);
    else navigate("/home");
  };
  return (
    <div className="page" onClick={onClick}>
      <NavBar className="page-nav" left={<span className="visually-hidden">返回</span>} right={right} backIcon>
        {title}
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
