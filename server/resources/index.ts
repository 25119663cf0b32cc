import type { Handler } from "#server/http/registry.ts";
import { audioHandlers } from "./audio/index.ts";
import { comicsHandlers } from "./comics/index.ts";
import { gamesHandlers } from "./games/index.ts";
import { novelsHandlers } from "./novels/index.ts";
import { picturesHandlers } from "./pictures/index.ts";
import { clearHistory, history, progress, saveProgress } from "./progress.ts";
import { listBought, seriesHandlers } from "./shared-calls.ts";

/** The 资源 tab's five kinds (issue 19) and what they share. */
export const resourceHandlers: Handler[] = [progress, saveProgress, history, clearHistory, ...seriesHandlers, listBought, ...comicsHandlers, ...novelsHandlers, ...picturesHandlers, ...audioHandlers, ...gamesHandlers];
