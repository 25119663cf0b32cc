// getDefaultConfig is not re-exported from the package's entry.
import { getDefaultConfig, setDefaultConfig } from "antd-mobile/es/components/config-provider";
import type { KeyboardEvent } from "react";

/**
 * antd-mobile's input clear control is a div with `aria-label` and no role: screen readers announce no
 * control, and a keyboard cannot reach it. Its label is taken off (the locale's text is its only source) and
 * the icon inside becomes the control: a named, focusable button that Enter and Space activate. antd-mobile's
 * click handler sits on the wrapper, so a click on the icon reaches it.
 *
 * Imported for its effect by every module that renders a clearable antd-mobile Input or SearchBar.
 */
function onKeyDown(e: KeyboardEvent<HTMLSpanElement>) {
  if (e.key !== "Enter" && e.key !== " ") return;
  e.preventDefault();
  e.currentTarget.click();
}

const clearIcon = (
  <span className="input-clear-control" role="button" tabIndex={0} aria-label="清除" onKeyDown={onKeyDown}>
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm3.54 5.05L12 10.59 8.46 7.05 7.05 8.46 10.59 12l-3.54 3.54 1.41 1.41L12 13.41l3.54 3.54 1.41-1.41L13.41 12l3.54-3.54-1.41-1.41Z"
      />
    </svg>
  </span>
);

const config = getDefaultConfig();
setDefaultConfig({
  ...config,
  // An undefined label leaves the attribute off the wrapper.
  locale: { ...config.locale, Input: { ...config.locale.Input, clear: undefined as unknown as string } },
  input: { ...config.input, clearIcon },
});
