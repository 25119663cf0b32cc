import { useLocation, useNavigate } from "react-router";
import { canGoBackFrom } from "#app/stores/history.ts";

/** On an error page reached inside the app (a broken link, something gone): back where the member came from. */
export function ErrorBack() {
  const navigate = useNavigate();
  const location = useLocation();
  if (!canGoBackFrom(location.pathname + location.search)) return null;
  return (
    <button type="button" className="error-home error-back" onClick={() => void navigate(-1)}>
      返回上一页
    </button>
  );
}
