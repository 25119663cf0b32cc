import { globalStore } from "./global.ts";
import { historyStore } from "./history.ts";
import { playerStore } from "./player.ts";
import { stackStore } from "./stack.ts";
import { userStore } from "./user.ts";

export { globalStore, historyStore, playerStore, stackStore, userStore };

/** Login, register and logout start from clean stores. */
export function resetAllStores() {
  for (const store of [userStore, globalStore, historyStore, playerStore, stackStore]) store.reset();
}
