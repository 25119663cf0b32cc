import { useEffect, useState } from "react";
import { userStore } from "#app/stores/user.ts";

/**
 * The member's balance as a control shows it: the screen's loaded figure, then each balance a spend answers
 * since (`setCoins`, `syncUser` write the user store), so every control on the screen follows a gift or an
 * unlock at once. Any write counts, even of the figure the store already had: it may be staler than the screen's.
 */
export function useBalance(loaded: number): number {
  const [shown, setShown] = useState({ loaded, coins: loaded });
  if (shown.loaded !== loaded) setShown({ loaded, coins: loaded });
  useEffect(
    () =>
      userStore.subscribe(() => {
        const coins = userStore.get().u?.coins;
        if (coins !== undefined) setShown((s) => ({ ...s, coins }));
      }),
    [],
  );
  return shown.loaded === loaded ? shown.coins : loaded;
}
