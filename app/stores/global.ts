import type { GlobalConfig, ReportType } from "#gateway/api/types.ts";
import { createStore } from "./create-store.ts";

export interface GlobalState {
  config: GlobalConfig | null;
  reportType: ReportType[];
  affCode: string;
  navbarTitle: string;
  /** The home notice is shown once per session. */
  homeNoticeShown: boolean;
}

export const globalStore = createStore<GlobalState>({ config: null, reportType: [], affCode: "", navbarTitle: "", homeNoticeShown: false });
