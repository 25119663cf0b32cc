// Toasts and dialogs for code on the first screen. NOTE: antd-mobile's Toast and Dialog pull in its
// animation library; importing them on demand keeps that out of the first load.
export const TOAST_MS = 2000;

const overlays = () => import("./overlays.ts");

export function toast(content: string, icon?: "success" | "fail") {
  void overlays().then(({ Toast }) => Toast.show({ content, icon, duration: TOAST_MS }));
}

/** Takes a toast off the screen, e.g. one that repeats what an error page now says. */
export function clearToasts() {
  void overlays().then(({ Toast }) => Toast.clear());
}

export function alertDialog(opts: { title?: string; content: string; confirmText?: string }): Promise<void> {
  return overlays().then(({ Dialog }) => Dialog.alert(opts));
}

export function confirmDialog(opts: { title?: string; content: string; confirmText?: string }): Promise<boolean> {
  return overlays().then(({ Dialog }) => Dialog.confirm(opts));
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
