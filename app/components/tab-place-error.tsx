import { useCallback, useId } from "react";
import { useRevalidator, useRouteError } from "react-router";
import { getErrorMessage } from "#gateway/errors.ts";
import { isOfflineError } from "#app/lib/connectivity.ts";
import { useRetryOnline } from "#app/lib/use-retry-online.ts";
import { useToastsMuted } from "#app/lib/use-toasts-muted.ts";
import { TabPage } from "./tab-bar.tsx";

/**
 * A tab place whose loader failed (its first page needs the gateway): the place with its tab bar, and why where
 * its content would be. Without it the root's error page replaced the whole app, tab bar included, so an offline
 * reload of /home left the member nowhere to go (decision 074).
 */
export function TabPlaceError({ title }: { title: string }) {
  const error = useRouteError();
  useToastsMuted();
  const revalidator = useRevalidator();
  const offline = isOfflineError(error);
  const heading = useId();
  const retry = useCallback(() => void revalidator.revalidate(), [revalidator]);
  useRetryOnline(offline, retry);
  return (
    <TabPage>
      <header className="section-head">
        <h1 className="section-title">{title}</h1>
      </header>
      {/* Plain markup, not antd-mobile's ErrorBlock: this ships with the first screen's module (decision 022). */}
      <section className="tab-place-error" aria-labelledby={heading}>
        <h2 id={heading} className="error-title">
          {offline ? "网络已断开" : "加载失败"}
        </h2>
        <p className="error-description">{offline ? "网络已断开，请检查网络连接后重试。" : getErrorMessage(error)}</p>
        <button type="button" className="error-retry" onClick={retry} disabled={revalidator.state !== "idle"}>
          重试
        </button>
      </section>
    </TabPage>
  );
}
