import { replace } from "react-router";
import type { Route } from "./+types/moved";

/**
 * The old address of a screen that moved under /my (its product path): links already shared keep working. The
 * new address takes the old one's place in history, so back does not land on it and bounce forward again.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  throw replace(`/my${url.pathname}${url.search}${url.hash}`);
}

export default function Moved() {
  return null;
}
