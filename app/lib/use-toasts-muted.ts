import { useEffect } from "react";
import { muteToasts } from "./feedback.ts";

/** For an error page: the failed calls have toasted their messages; the page says what failed, larger. */
export function useToastsMuted() {
  useEffect(() => {
    muteToasts(true);
    return () => muteToasts(false);
  }, []);
}
