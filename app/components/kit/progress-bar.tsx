import type { ReactNode } from "react";
import "./progress-bar.css";

/** antd-mobile's ProgressBar (rounded), its markup and classes without its code (decision 107). */
export function ProgressBar({ percent, text, className, "aria-label": label }: { percent: number; text?: ReactNode; className?: string; "aria-label"?: string }) {
  return (
    <div
      className={className ? `adm-progress-bar adm-progress-bar-rounded ${className}` : "adm-progress-bar adm-progress-bar-rounded"}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="adm-progress-bar-trail">
        <div className="adm-progress-bar-fill" style={{ width: `${percent}%` }} />
      </div>
      {text !== undefined && text !== null && text !== "" ? <div className="adm-progress-bar-text">{text}</div> : null}
    </div>
  );
}
