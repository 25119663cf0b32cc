import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { canGoBack } from "#app/stores/history.ts";
import "#app/styles/screens.css";

/**
 * A sub-page with a title bar; back goes to the previous in-app page, or home when there is none. The bar is
 * antd-mobile's NavBar markup and classes without its code (decision 107): every sub-screen draws it first.
 */
export function Page({ title, children, right }: { title: string; children: ReactNode; right?: ReactNode }) {
  const navigate = useNavigate();
  const back = () => {
    if (canGoBack()) void navigate(-1);
    else void navigate("/home");
  };
  return (
    <div className="page">
      <div className="adm-nav-bar page-nav">
        {/* The tap is taken on the bar's whole left part, where antd-mobile's NavBar takes it; the button inside is what
            a keyboard and a screen reader reach, and its click comes here. */}
        <div className="adm-nav-bar-left" onClick={back}>
          <button type="button" className="adm-nav-bar-back page-back" aria-label="返回">
            <span className="adm-nav-bar-back-arrow" aria-hidden />
          </button>
        </div>
        <div className="adm-nav-bar-title">{title}</div>
        <div className="adm-nav-bar-right">{right}</div>
      </div>
      <main className="page-body">{children}</main>
    </div>
  );
}
