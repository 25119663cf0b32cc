import { globalStore } from "./global.ts";
import { historyStore } from "./history.ts";
import { playerStore } from "./player.ts";
import { spendStore } from "./spend.ts";
import { stackStore } from "./stack.ts";
import { userStore } from "./user.ts";

export { globalStore, historyStore, playerStore, spendStore, stackStore, userStore };

/** Login, register and logout start from clean stores (spending asks again: the next member chooses for themselves). */
export function resetAllStores() {
  for (const store of [userStore, globalStore, historyStore, playerStore, spendStore, stackStore]) store.reset();
}
