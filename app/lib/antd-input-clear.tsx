// getDefaultConfig is not re-exported from the package's entry.
import { getDefaultConfig, setDefaultConfig } from "antd-mobile/es/components/config-provider";
import { ClearControl } from "#app/components/kit/clear-control.tsx";

/**
 * antd-mobile's input clear control is a div with `aria-label` and no role: screen readers announce no
 * control, and a keyboard cannot reach it. Its label is taken off (the locale's text is its only source) and
 * the icon inside becomes the control: a named, focusable button that Enter and Space activate. antd-mobile's
 * click handler sits on the wrapper, so a click on the icon reaches it.
 *
 * Imported for its effect by every module that renders a clearable antd-mobile Input (form-fields.ts, login…).
 */
const clearIcon = <ClearControl />;

const config = getDefaultConfig();
setDefaultConfig({
  ...config,
  // An undefined label leaves the attribute off the wrapper.
  locale: { ...config.locale, Input: { ...config.locale.Input, clear: undefined as unknown as string } },
  input: { ...config.input, clearIcon },
});
