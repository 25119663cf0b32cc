import { useLocation, useNavigate } from "react-router";
import { askToLogin } from "#app/lib/feedback.ts";
import { isLoggedIn, userStore } from "#app/stores/user.ts";
import { useStore } from "#app/stores/use-store.ts";

/**
 * Wraps what only a member may do: a visitor is asked to log in instead, and comes back to this screen after.
 * `isMember` follows the session store, so a control re-renders when the member logs in or out.
 */
export function useMemberOnly() {
  const navigate = useNavigate();
  const location = useLocation();
  const isMember = useStore(userStore, (s) => s.isLogin && Boolean(s.token));
  const here = location.pathname + location.search;
  const needLogin = () => askToLogin("登录后才能继续，是否去登录？", () => navigate(`/login?redirect=${encodeURIComponent(here)}`));
  // `fn` now, for a member: for a handler that reads refs (the compiler cannot tell that `memberOnly(fn)`
  // does not call `fn` while rendering).
  const ifMember = (fn: () => void) => (isLoggedIn() ? fn() : needLogin());
  const memberOnly =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) =>
      ifMember(() => fn(...args));
  return { isMember, needLogin, memberOnly, ifMember };
}
