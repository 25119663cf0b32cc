import { redirect } from "react-router";
import { isLoggedIn } from "./session.ts";

/** In a clientLoader: anonymous visitors go to /login?redirect={target}. */
export function requireMember(request: Request) {
  if (isLoggedIn()) return;
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}
