// antd-mobile's imperative overlays (Toast, Dialog, ActionSheet), ready for React 19.
// Import them from here, not from antd-mobile: this module installs the renderer they need, and
// the first screen loads it only when an overlay is shown (see feedback.ts).
import { ActionSheet as AntActionSheet, unstableSetRender } from "antd-mobile";
import { createRoot, type Root } from "react-dom/client";
import { closeOnNavigation, overlaysLoaded } from "./feedback.ts";

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

export { Dialog, Toast } from "antd-mobile";

/** antd-mobile's action sheet, closed by a navigation like the other overlays (decision 024). */
export const ActionSheet = {
  show(props: Parameters<typeof AntActionSheet.show>[0]) {
    const forget = closeOnNavigation(() => sheet.close());
    const sheet = AntActionSheet.show({
      ...props,
      afterClose: () => {
        forget();
        props.afterClose?.();
      },
    });
    return sheet;
  },
};
