import { NavBar } from "antd-mobile";
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { canGoBack } from "#app/stores/history.ts";
import "#app/styles/screens.css";

/** A sub-page with a title bar; back goes to the previous in-app page, or home when there is none. */
export function Page({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  // NOTE: antd-mobile's back control is a role=button element whose click handler sits on an inner element
  // around an unnamed icon (its own label is aria-hidden). A tap beside the arrow, or a screen reader's
  // activation (which targets the role=button element itself), missed it, and a keyboard could not reach
  // it. So clicks anywhere in the control and Enter or Space on it are taken here, `left` (rendered inside
  // the control) names it, and it is made focusable. A <button> of our own inside it would nest two
  // interactive roles.
  const isBack = (target: EventTarget) => Boolean((target as Element).closest(".page-nav .adm-nav-bar-left"));
  const back = () => {
    if (canGoBack()) void navigate(-1);
    else void navigate("/home");
  };
  const onClick = (e: MouseEvent) => {
    if (isBack(e.target)) back();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.key === "Enter" || e.key === " ") && isBack(e.target)) {
      e.preventDefault();
      back();
    }
  };
  useEffect(() => {
    const control = root.current?.querySelector<HTMLElement>(".page-nav .adm-nav-bar-left");
    if (control) control.tabIndex = 0;
  }, []);
  return (
    <div className="page" ref={root} onClick={onClick} onKeyDown={onKeyDown}>
      <NavBar className="page-nav" left={<span className="visually-hidden">返回</span>} right={right} backIcon>
        {title}
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
