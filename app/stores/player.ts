import { createStore } from "./create-store.ts";

export const playerStore = createStore({ autoplayMuted: true }, { persist: { kind: "local", key: "___PLAYER__" } });
