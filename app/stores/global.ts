import type { GlobalConfig } from "#gateway/api/types.ts";
import { createStore } from "./create-store.ts";

export interface GlobalState {
  config: GlobalConfig | null;
  affCode: string;
  navbarTitle: string;
}

export const globalStore = createStore<GlobalState>({ config: null, affCode: "", navbarTitle: "" });
