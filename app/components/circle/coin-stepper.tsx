import { useState } from "react";
import "./coin-stepper.css";

interface Props {
  /** What the number is: the name of the field and of its group. */
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
}

/**
 * A number of coins with − and + beside it. NOTE: not antd-mobile's Stepper, which puts the spinbutton's
 * aria-value* attributes on the wrapper around its input as well (a div with no role may not carry them) and gives
 * the input no name. The field takes any typing; a number outside min…max is brought inside when it loses focus.
 */
export function CoinStepper({ label, min, max, step, value, onChange }: Props) {
  const [typed, setTyped] = useState<string | null>(null);
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  const stepBy = (by: number) => {
    setTyped(null);
    onChange(clamp(value + by));
  };
  return (
    <div className="coin-stepper" role="group" aria-label={label}>
      <button type="button" aria-label="减少" disabled={value <= min} onClick={() => stepBy(-step)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={max}
        step={step}
        value={typed ?? String(value)}
        onChange={(e) => {
          const text = e.target.value;
          setTyped(text);
          const n = Number(text);
          if (text !== "" && Number.isInteger(n) && n >= min && n <= max) onChange(n);
        }}
        onBlur={() => {
          const n = Number(typed);
          if (typed && Number.isInteger(n)) onChange(clamp(n));
          setTyped(null);
        }}
      />
      <button type="button" aria-label="增加" disabled={value >= max} onClick={() => stepBy(step)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
