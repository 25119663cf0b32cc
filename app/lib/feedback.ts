// Toasts and dialogs for code on the first screen. NOTE: antd-mobile's Toast and Dialog pull in its
// animation library; importing them on demand keeps that out of the first load.
import type { ReactNode } from "react";
import { closeTrackedOverlays } from "./overlay-history.ts";

export const TOAST_MS = 2000;

const overlays = () => import("./overlays.ts");

// A navigation closes the screen's overlays (overlay-history.ts). Toasts stay: they report what was just done,
// often on the way to another screen.
export function closeOverlays() {
  if (closeTrackedOverlays()) void overlays().then(({ Dialog }) => Dialog.clear());
}

// While an error page is up, it says what failed; toasts from the calls behind it would only repeat it.
let muted = false;

export function toast(content: string, icon?: "success" | "fail") {
  void overlays().then(
    ({ Toast }) => {
      if (!muted) Toast.show({ content, icon, duration: TOAST_MS });
    },
    () => !muted && plainToast(content),
  );
}

let plainTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The same words without antd-mobile's Toast, when its code cannot load: it comes at the member's first touch
 * (decision 093), and one who went offline before touching anything must still be told what failed.
 */
function plainToast(content: string) {
  let el = document.querySelector<HTMLElement>(".plain-toast");
  if (!el) {
    el = document.createElement("div");
    el.className = "plain-toast";
    el.setAttribute("role", "alert");
    document.body.append(el);
  }
  el.textContent = content;
  clearTimeout(plainTimer);
  plainTimer = setTimeout(() => el.remove(), TOAST_MS);
}

/**
 * Mutes toasts (and takes any off the screen) while an error page is shown. A page's loader makes several
 * calls at once: the first failure shows the error page, and the others fail after it.
 */
export function muteToasts(on: boolean) {
  muted = on;
  if (!on) return;
  document.querySelector(".plain-toast")?.remove();
  void overlays().then(
    ({ Toast }) => Toast.clear(),
    () => undefined,
  );
}

export function alertDialog(opts: { title?: string; content: string; confirmText?: string }): Promise<void> {
  return overlays().then(({ Dialog }) => Dialog.alert(opts));
}

let asking = false;

/**
 * A yes/no question. One at a time: asked again while one is open (a double tap on what spends coins), the
 * second answers no at once, so a double tap neither stacks dialogs nor acts twice.
 */
export function confirmDialog(opts: { title?: string; content: ReactNode; confirmText?: string }): Promise<boolean> {
  if (asking) return Promise.resolve(false);
  asking = true;
  const done = () => void (asking = false);
  // afterClose too: a dialog cleared before it was on screen (a navigation at once) never answers.
  return overlays()
    .then(({ Dialog }) => Dialog.confirm({ ...opts, afterClose: done }))
    .finally(done);
}

export function askToLogin(message: string, goLogin: () => void) {
  void overlays().then(({ Dialog }) =>
    Dialog.show({
      title: "提示",
      content: message,
      closeOnAction: true,
      actions: [
        [
          { key: "cancel", text: "取消" },
          { key: "login", text: "去登录", bold: true, onClick: goLogin },
        ],
      ],
    }),
  );
}
