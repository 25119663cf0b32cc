import type { CSSProperties, HTMLAttributes, ReactNode } from "react";
import "./list.css";

/**
 * antd-mobile's List and List.Item: their markup and classes without their code (decision 107). A row that
 * navigates holds a link (LinkItem), a row that acts holds a button: the rows themselves take no taps.
 */
export function List({ header, className, style, children }: { header?: ReactNode; className?: string; style?: CSSProperties; children?: ReactNode }) {
  return (
    <div className={className ? `adm-list adm-list-default ${className}` : "adm-list adm-list-default"} style={style}>
      {header ? <div className="adm-list-header">{header}</div> : null}
      <div className="adm-list-body">
        <div className="adm-list-body-inner">{children}</div>
      </div>
    </div>
  );
}

interface ItemProps extends Omit<HTMLAttributes<HTMLDivElement>, "title" | "prefix"> {
  title?: ReactNode;
  description?: ReactNode;
  prefix?: ReactNode;
  extra?: ReactNode;
  /** The right arrow of a row that leads somewhere. */
  arrow?: boolean;
  disabled?: boolean;
}

function ListItem({ title, description, prefix, extra, arrow, disabled, className, children, ...rest }: ItemProps) {
  const classes = ["adm-list-item"];
  if (disabled) classes.push("adm-list-item-disabled");
  if (className) classes.push(className);
  return (
    <div {...rest} className={classes.join(" ")}>
      <div className="adm-list-item-content">
        {prefix ? <div className="adm-list-item-content-prefix">{prefix}</div> : null}
        <div className="adm-list-item-content-main">
          {title ? <div className="adm-list-item-title">{title}</div> : null}
          {children}
          {description ? <div className="adm-list-item-description">{description}</div> : null}
        </div>
        {extra !== undefined && extra !== null && extra !== "" ? <div className="adm-list-item-content-extra">{extra}</div> : null}
        {arrow ? (
          <div className="adm-list-item-content-arrow" aria-hidden>
            <span className="list-arrow" />
          </div>
        ) : null}
      </div>
    </div>
  );
}

List.Item = ListItem;
