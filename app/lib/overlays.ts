// antd-mobile's imperative overlays (Toast, Dialog, ActionSheet), ready for React 19.
// Import them from here, not from antd-mobile: this module installs the renderer they need, and
// the first screen loads it only when an overlay is shown (see feedback.ts).
import { ActionSheet as AntActionSheet, Dialog as AntDialog, unstableSetRender } from "antd-mobile";
import { createRoot, type Root } from "react-dom/client";
import { overlaysLoaded, trackOverlay } from "./overlay-history.ts";

// antd-mobile 5 renders overlays with the React 18 API; React 19 needs createRoot.
unstableSetRender((node, container) => {
  const c = container as (Element | DocumentFragment) & { __root?: Root };
  c.__root ??= createRoot(c);
  c.__root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    c.__root?.unmount();
    delete c.__root;
  };
});

overlaysLoaded();

export { Toast } from "antd-mobile";

/** `props` with `forget` called once the overlay has closed. */
const forgotten = <P extends { afterClose?: () => void }>(props: P, forget: () => void): P => ({
  ...props,
  afterClose: () => {
    forget();
    props.afterClose?.();
  },
});

/** antd-mobile's action sheet, closed by back and by a navigation like the other overlays (decisions 024, 034). */
export const ActionSheet = {
  show(props: Parameters<typeof AntActionSheet.show>[0]) {
    const forget = trackOverlay(() => sheet.close());
    const sheet = AntActionSheet.show(forgotten(props, forget));
    return sheet;
  },
};

/**
 * antd-mobile's dialogs, closed by back and by a navigation. A dialog closed so is not answered: `confirm`
 * resolves `false`.
 */
export const Dialog = {
  show(props: Parameters<typeof AntDialog.show>[0]) {
    const forget = trackOverlay(() => void dialog.close());
    const dialog = AntDialog.show(forgotten(props, forget));
    return dialog;
  },
  alert: (props: Parameters<typeof AntDialog.alert>[0]) => AntDialog.alert(forgotten(props, trackOverlay(() => AntDialog.clear()))),
  confirm: (props: Parameters<typeof AntDialog.confirm>[0]) => AntDialog.confirm(forgotten(props, trackOverlay(() => AntDialog.clear()))),
  clear: () => AntDialog.clear(),
};
