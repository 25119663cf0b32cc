import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { isRouteErrorResponse, Links, Meta, Scripts, useLocation, useNavigate, useNavigation, useNavigationType, useRevalidator, useRouteError } from "react-router";
import { GatewayError } from "#gateway/errors.ts";
import type { Route } from "./+types/root";
import "./early-start.ts";
import { ErrorBack } from "./components/error-back.tsx";
import { KeepAliveOutlet } from "./components/keep-alive-outlet.tsx";
import { LoadingBar } from "./components/loading-bar.tsx";
import { OfflineBanner } from "./components/offline-banner.tsx";
import { ScreenFrame } from "./components/screen-frame.tsx";
import { installChunkReload, isFailedChunkRouteError, reloadForChunkError } from "./lib/chunk-reload.ts";
import { isOfflineError, isOnline } from "./lib/connectivity.ts";
import { closeOverlays } from "./lib/feedback.ts";
import { askToLogin, onSessionInvalid } from "./lib/gateway.ts";
import { endSession } from "./lib/session.ts";
import { markUpdateReady, useDeploymentUpdates } from "./lib/update.ts";
import { useRetryOnline } from "./lib/use-retry-online.ts";
import { useToastsMuted } from "./lib/use-toasts-muted.ts";
import { recordVisit } from "./stores/history.ts";
import { audioElementRef, audioStore } from "./stores/audio.ts";
import { useStore } from "./stores/use-store.ts";
import appCss from "./app.css?url";
import pageWorkerUrl from "#gateway/page-worker.ts?worker&url";

if (typeof document !== "undefined") installChunkReload();

// The mini player loads with the first book played, not with the first screen.
const AudioDock = lazy(() => import("./components/audio/audio-dock.tsx"));

const SW_REGISTER_DELAY_MS = 3000;

/**
 * The tab icon, drawn as icon-192.png is, inline: a favicon file is one more request on the first screen, on
 * one of HTTP/1.1's six connections (decision 022). Home-screen icons stay PNG (manifest, apple-touch-icon).
 */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 192 192"><rect width="192" height="192" rx="41" fill="#18181c"/><path d="M73 58.5 134 96 73 133.5z" fill="#ff5c8a"/></svg>',
)}`;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN" data-prefers-color-scheme="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="description" content="移动影音 — 手机上的影音社区" />
        <meta name="theme-color" content="#121212" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href={FAVICON} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {/* First in the head (React hoists a stylesheet with a precedence above the preloads): the splash
            paints as soon as this small file is in, not after the page's scripts have downloaded. */}
        <link rel="stylesheet" href={appCss} precedence="app" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
        {/* The first gateway call and the first cover wait for the page worker: its script loads with the
            page's own (the worker then starts from the HTTP cache). After the page's modules: preloaded
            first, the calls were answered sooner but the first screen was not, as it waits for React DOM too. */}
        <link rel="modulepreload" href={pageWorkerUrl} />
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  const navigate = useNavigate();
  useDeploymentUpdates();

  const navigationType = useNavigationType();
  // A type that changes without the location (a form's answer to the same page) records nothing new.
  useEffect(() => {
    recordVisit(location.pathname + location.search, navigationType === "REPLACE");
  }, [location.pathname, location.search, navigationType]);

  useEffect(() => {
    onSessionInvalid(({ hasToken, message }) => {
      const here = window.location.pathname + window.location.search;
      if (hasToken) void endSession().then(() => navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true }));
      else askToLogin(message, () => navigate(`/login?redirect=${encodeURIComponent(here)}`));
    });
    if ("serviceWorker" in navigator && import.meta.env.PROD) {
      // The service worker is not part of the first screen: it registers a few seconds after the page has
      // loaded, when the first screen's requests are done.
      const register = () =>
        void import("virtual:pwa-register").then(
          ({ registerSW }) => {
            const updateSW = registerSW({ onNeedRefresh: () => markUpdateReady(() => updateSW(true)) });
          },
          // Offline before it loaded: register once the network is back.
          () => window.addEventListener("online", register, { once: true }),
        );
      const later = () => setTimeout(register, SW_REGISTER_DELAY_MS);
      if (document.readyState === "complete") later();
      else window.addEventListener("load", later, { once: true });
    }
  }, [navigate]);

  return (
    <>
      <LoadingBar />
      <CloseOverlaysOnNavigation />
      <ReadAgainOnReturn />
      <OfflineBanner />
      <KeepAliveOutlet />
      <AudioPlayer />
    </>
  );
}

/**
 * The app's one <audio> element, here so that it plays on from screen to screen (decision 044), and the mini
 * player while a book is loaded.
 */
function AudioPlayer() {
  const loaded = useStore(audioStore, (s) => s.book !== null);
  return (
    <>
      <audio ref={audioElementRef} preload="none" />
      {loaded && (
        <Suspense fallback={null}>
          <AudioDock />
        </Suspense>
      )}
    </>
  );
}

/**
 * A page the browser restores from its back/forward cache shows what it had when the member left the app (for
 * the payment provider's cashier, say): the screen's data is read again, so 充值中心 shows the coins just paid for.
 */
function ReadAgainOnReturn() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void revalidator.revalidate();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [revalidator]);
  return null;
}

/** Dialogs, sheets and previews close as a navigation starts (back included), not over the next screen. */
function CloseOverlaysOnNavigation() {
  const next = useNavigation().location;
  const { key } = useLocation();
  // A navigation with nothing to load has no start to see: it closes them once it is done. One that loaded
  // keeps what its loaders opened (a dialog asking to log in).
  const started = useRef(false);
  // The location the overlays on screen were opened on. Not the first render's effect: a tap can open a
  // dialog between the first screen's paint and its effects, and nothing was open before it.
  const shownKey = useRef(key);
  useEffect(() => {
    if (!next) return;
    started.current = true;
    closeOverlays();
  }, [next]);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (!started.current) closeOverlays();
    started.current = false;
  }, [key]);
  return null;
}

/** The first document's screen until its data is in: the screen's own frame, prerendered into its page. */
export function HydrateFallback() {
  return <ScreenFrame />;
}

// The status message under the code, in the app's language (the description says what exactly went wrong).
const REASON_PHRASES: Record<number, string> = {
  400: "请求有误",
  401: "未登录",
  403: "无权访问",
  404: "未找到",
  410: "已下架",
  429: "请求过于频繁",
  500: "服务器错误",
  502: "网关错误",
  503: "服务暂不可用",
};

/**
 * What a route's own error answer may carry: `data("说明", …)`, or a description with a line of the product's
 * own text beside it (the not-found page's `Page Not Found: {path}`).
 */
export type ErrorPageData = string | { description: string; productText: string };

/** The HTTP-style status a gateway refusal carries: the HTTP status, else the signed payload's own status. */
function gatewayStatus(error: GatewayError): number | undefined {
  const { httpStatus, status } = error.details;
  if (httpStatus && httpStatus >= 400 && httpStatus < 600) return httpStatus;
  if (error.kind === "status" && status && status >= 400 && status < 600) return status;
  return undefined;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const routeError = useRouteError() ?? error;
  const chunkFailed = isFailedChunkRouteError(routeError);
  const refused = routeError instanceof GatewayError ? gatewayStatus(routeError) : undefined;
  useEffect(() => {
    if (chunkFailed) reloadForChunkError();
  }, [chunkFailed, routeError]);
  useToastsMuted();

  const revalidator = useRevalidator();
  let status: number | null = 500;
  let statusText = "出错了";
  let description = "页面出错了，请稍后重试。";
  let stack: string | undefined;
  let productText: string | undefined;
  if (isRouteErrorResponse(routeError)) {
    status = routeError.status;
    // Not routeError.statusText: React Router fills a missing one with "Internal Server Error" whatever the
    // status, and it is English.
    statusText = REASON_PHRASES[status] ?? "出错了";
    const answer = routeError.data as ErrorPageData | undefined;
    if (typeof answer === "string") description = answer;
    else if (answer && typeof answer.description === "string") ({ description, productText } = answer);
  } else if (chunkFailed && isOnline()) {
    // (Offline, a missing chunk is the network's doing: the offline branch below says so.)
    statusText = "加载失败";
    description = "页面资源加载失败，可能是网络异常或应用刚刚更新，请稍后刷新重试。";
  } else if (refused) {
    // The gateway refused the call, e.g. 404 for a creator or series that does not exist.
    status = refused;
    statusText = REASON_PHRASES[status] ?? "出错了";
    description = (routeError as GatewayError).message;
  } else if (isOfflineError(routeError)) {
    // Not a server error: no status number, and the page tries again by itself once the network is back.
    status = null;
    statusText = "网络已断开";
    description = "网络已断开，请检查网络连接后重试。";
  } else if (routeError instanceof GatewayError) {
    description = routeError.message;
  } else if (routeError instanceof Error && import.meta.env.DEV) {
    // A fault in the app's own code: its (English, technical) message is for developers; people get the
    // generic description, and React has logged the error to the console.
    description = routeError.message;
    stack = routeError.stack;
  }
  const canRetry = status === null || chunkFailed;
  const retry = useCallback(() => (chunkFailed ? window.location.reload() : void revalidator.revalidate()), [chunkFailed, revalidator]);
  useRetryOnline(canRetry, retry);
  return (
    <main className="error-page">
      <title>{`${status ?? ""} ${statusText} — 影音`.trim()}</title>
      {status !== null && <p className="error-status">{status}</p>}
      <h1 className="error-title">{statusText}</h1>
      <p className="error-description">{description}</p>
      {productText && (
        <p className="error-description" lang="en">
          {productText}
        </p>
      )}
      {stack && <pre className="error-stack">{stack}</pre>}
      {canRetry && (
        <button type="button" className="error-retry" onClick={retry} disabled={revalidator.state !== "idle"}>
          重试
        </button>
      )}
      <ErrorBack />
      <a className="error-home" href="/home">
        返回首页
      </a>
    </main>
  );
}
