import { replace } from "react-router";
import { isLoggedIn } from "#app/stores/user.ts";

/**
 * In a clientLoader: anonymous visitors go to /login?redirect={target}. The login replaces the entry: a
 * redirect that pushed would, on a back navigation to a member page after logout, add a new /login entry
 * every time and trap the back button there.
 */
export function requireMember(request: Request) {
  if (isLoggedIn()) return;
  const url = new URL(request.url);
  throw replace(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}
