import { createStore } from "./create-store.ts";

/** Spends of at most this many coins go ahead without asking (设置); 0 asks for every spend. */
export const spendStore = createStore({ askAbove: 0 }, { persist: { kind: "local", key: "___SPEND__" } });
