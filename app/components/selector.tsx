import type { KeyboardEvent } from "react";
import "antd-mobile/es/components/selector/selector.css";
import "./selector.css";

export interface SelectorOption<V> {
  label: string;
  value: V;
  disabled?: boolean;
}

interface Props<V> {
  options: readonly SelectorOption<V>[];
  /** The chosen values (one at most unless `multiple`); a form field's `value` when inside antd-mobile's Form.Item. */
  value?: readonly V[];
  onChange?: (value: V[]) => void;
  multiple?: boolean;
  id?: string;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}

/**
 * antd-mobile's Selector (its look and props), reachable by keyboard: one choice is a radio group (Tab reaches it,
 * the arrow keys move and choose, WAI-ARIA's radio group), several a group of checkboxes (each a tab stop). Every
 * option is a button, so Enter and Space choose it, and says whether it is chosen (`aria-checked`). As antd-mobile's,
 * choosing the chosen option of a single choice clears it.
 */
export function Selector<V extends string | number>({ options, value = [], onChange, multiple = false, id, ...aria }: Props<V>) {
  const toggle = (v: V) => onChange?.(value.includes(v) ? value.filter((x) => x !== v) : multiple ? [...value, v] : [v]);
  // One tab stop in a radio group: the chosen option, else the first that can be chosen.
  const chosenAt = options.findIndex((o) => value.includes(o.value) && !o.disabled);
  const stop = chosenAt >= 0 ? chosenAt : options.findIndex((o) => !o.disabled);

  const onArrow = (e: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    for (let i = 1; i < options.length; i++) {
      const next = (at + step * i + options.length) % options.length;
      if (options[next]!.disabled) continue;
      (e.currentTarget.parentElement!.children[next] as HTMLElement).focus();
      onChange?.([options[next]!.value]);
      return;
    }
  };

  return (
    <div id={id} role={multiple ? "group" : "radiogroup"} className="adm-selector app-selector" {...aria}>
      {options.map((o, i) => {
        const chosen = value.includes(o.value);
        return (
          <button
            key={o.value}
            type="button"
            role={multiple ? "checkbox" : "radio"}
            aria-checked={chosen}
            tabIndex={multiple || i === stop ? 0 : -1}
            disabled={o.disabled}
            className={chosen ? `adm-selector-item ${multiple ? "adm-selector-item-multiple-active" : "adm-selector-item-active"}` : "adm-selector-item"}
            onClick={() => toggle(o.value)}
            onKeyDown={multiple ? undefined : (e) => onArrow(e, i)}
          >
            {o.label}
            {chosen ? (
              <span className="adm-selector-check-mark-wrapper" aria-hidden="true">
                <svg viewBox="0 0 17 13">
                  <polyline points="15.45 1.69 5.97 11.17 2.18 7.37" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
