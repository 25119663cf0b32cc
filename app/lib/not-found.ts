import { data } from "react-router";
import type { ErrorPageData } from "#app/root.tsx";

/** The not-found answer for a path no screen has; throw it from a clientLoader. */
export function notFound(request: Request) {
  const path = new URL(request.url).pathname;
  // The product's English line as well: smoke tests and support staff search for it.
  return data({ description: `页面不存在：${path}`, productText: `Page Not Found: ${path}` } satisfies ErrorPageData, { status: 404 });
}
