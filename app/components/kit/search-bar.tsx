import { useRef, useState, type KeyboardEvent } from "react";
import { ClearControl } from "./clear-control.tsx";
import "./search-bar.css";

interface SearchBarProps {
  /** The box's text, when its screen holds it; without it the box holds its own. */
  value?: string;
  onChange?: (value: string) => void;
  /** Enter (not while an input method is composing): the box's text, as typed. */
  onSearch?: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  className?: string;
  "aria-label"?: string;
}

/**
 * antd-mobile's SearchBar (its markup, classes and behaviour as the app uses it: the search icon, 清除 while there
 * is text, Enter to search) without its code and its Input's, which /search/result's first frame loaded for one
 * field (decision 107).
 */
export function SearchBar({ value, onChange, onSearch, placeholder, maxLength, autoFocus, className, "aria-label": label }: SearchBarProps) {
  const [own, setOwn] = useState("");
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const text = value ?? own;
  const set = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    input.current?.blur();
    onSearch?.(text);
  };
  return (
    <div className={`adm-search-bar${focused ? " adm-search-bar-active" : ""}${className ? ` ${className}` : ""}`} aria-label={label}>
      <div className="adm-search-bar-input-box">
        <div className="adm-search-bar-input-box-icon" aria-hidden>
          <span className="search-bar-icon" />
        </div>
        <div className="adm-input adm-search-bar-input">
          <input
            ref={input}
            className="adm-input-element"
            type="search"
            enterKeyHint="search"
            aria-label="搜索框"
            value={text}
            maxLength={maxLength}
            placeholder={placeholder}
            autoFocus={autoFocus}
            onChange={(e) => set(e.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          />
          {text ? (
            // The wrapper is antd-mobile's clear area (a press there keeps the focus in the box); the control inside is
            // what a keyboard and a screen reader reach.
            <div className="adm-input-clear" onMouseDown={(e) => e.preventDefault()} onClick={() => set("")}>
              <ClearControl />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
