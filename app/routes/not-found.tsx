import { data } from "react-router";
import type { ErrorPageData } from "#app/root.tsx";
import type { Route } from "./+types/not-found";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const path = new URL(request.url).pathname;
  // The product's English line as well: smoke tests and support staff search for it.
  throw data({ description: `页面不存在：${path}`, productText: `Page Not Found: ${path}` } satisfies ErrorPageData, { status: 404 });
}

export default function NotFound() {
  return null;
}
