import type { KeyboardEvent } from "react";

function onKeyDown(e: KeyboardEvent<HTMLSpanElement>) {
  if (e.key !== "Enter" && e.key !== " ") return;
  e.preventDefault();
  e.currentTarget.click();
}

/**
 * 清除 of a text field: a named control that a keyboard reaches and Enter or Space activates. Its click is the
 * field's clear area's, around it (antd-mobile's Input and the app's SearchBar).
 */
export function ClearControl() {
  return (
    <span className="input-clear-control" role="button" tabIndex={0} aria-label="清除" onKeyDown={onKeyDown}>
      <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm3.54 5.05L12 10.59 8.46 7.05 7.05 8.46 10.59 12l-3.54 3.54 1.41 1.41L12 13.41l3.54 3.54 1.41-1.41L13.41 12l3.54-3.54-1.41-1.41Z"
        />
      </svg>
    </span>
  );
}
