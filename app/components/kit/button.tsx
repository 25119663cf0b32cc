import type { ButtonHTMLAttributes } from "react";
import { DotLoading } from "./dot-loading.tsx";
import "./button.css";

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "color"> {
  color?: "default" | "primary" | "success" | "warning" | "danger";
  fill?: "solid" | "outline" | "none";
  size?: "mini" | "small" | "middle" | "large";
  shape?: "default" | "rounded" | "rectangular";
  block?: boolean;
  /** Dots in place of the text, and no taps, while true. */
  loading?: boolean;
}

/**
 * antd-mobile's Button: its props, markup and classes (so its theme and the app's rules apply), without its code,
 * which every screen with a control loaded in its first frame (decision 107).
 */
export function Button({ color = "default", fill = "solid", size = "middle", shape = "default", block, loading = false, disabled, type = "button", className, children, ...rest }: ButtonProps) {
  const classes = ["adm-button", `adm-button-${color}`, `adm-button-shape-${shape}`];
  if (block) classes.push("adm-button-block");
  if (disabled || loading) classes.push("adm-button-disabled");
  if (fill !== "solid") classes.push(`adm-button-fill-${fill}`);
  if (size !== "middle") classes.push(`adm-button-${size}`);
  if (loading) classes.push("adm-button-loading");
  if (className) classes.push(className);
  return (
    <button {...rest} type={type} className={classes.join(" ")} disabled={disabled || loading}>
      {loading ? (
        <div className="adm-button-loading-wrapper">
          <DotLoading />
        </div>
      ) : (
        <span>{children}</span>
      )}
    </button>
  );
}
