import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { isSafeExternalUrl } from "#app/lib/safe-url.ts";
import { inAppTarget } from "#app/lib/shortcut.ts";

interface Props {
  url: string;
  title: string;
  className?: string;
  tabIndex?: number;
  "aria-label"?: string;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
}

/**
 * A banner's, an ad's or an app centre entry's link: an in-app target (a category through the shortcuts) as an app link, another site
 * in a new tab (only http(s), mailto and tel), anything else no link at all.
 */
export function AdLink({ url, title, children, ...props }: Props) {
  const inApp = inAppTarget(url, title);
  if (inApp)
    return (
      <Link to={inApp} {...props}>
        {children}
      </Link>
    );
  if (isSafeExternalUrl(url))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
      </a>
    );
  return <div className={props.className}>{children}</div>;
}
