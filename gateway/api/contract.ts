import type { Endpoint } from "../client.ts";
import { STATUS_CREATED, STATUS_OK } from "../client.ts";
import * as accounts from "./accounts.ts";
import * as creators from "./creators.ts";
import * as home from "./home.ts";
import * as search from "./search.ts";
import * as video from "./video.ts";
import * as dating from "./dating.ts";
import * as orders from "./orders.ts";
import * as services from "./services.ts";
import * as news from "./news.ts";
import * as circle from "./circle.ts";
import * as resources from "./resources.ts";
import * as comics from "./comics.ts";
import * as novels from "./novels.ts";
import * as pictures from "./pictures.ts";
import * as audio from "./audio.ts";
import * as games from "./games.ts";

const isEndpoint = (value: unknown): value is Endpoint<unknown, unknown, unknown> =>
  typeof value === "object" && value !== null && "path" in value && "mode" in value;

/** Every endpoint of every area. */
export const ENDPOINTS: readonly Endpoint<unknown, unknown, unknown>[] = [
  ...[accounts, creators, home, search, video, dating, orders, services, news, circle],
  ...[resources, comics, novels, pictures, audio, games],
].flatMap((area) =>
  Object.values(area).filter(isEndpoint),
);

/**
 * Paths of the calls whose success status is 251: `getConfig` answers them as `created_status_paths`. Sorted:
 * the order of a module's exports differs between loaders (Node's own, vitest's), and two gateway processes
 * must answer alike.
 */
export const CREATED_STATUS_PATHS: readonly string[] = ENDPOINTS.filter((e) => e.expect === STATUS_CREATED)
  .map((e) => e.path)
  .sort();

/** The endpoint at a path (paths match case-insensitively), if the catalogue has one. */
export function endpointAt(path: string): Endpoint<unknown, unknown, unknown> | undefined {
  const lower = path.toLowerCase();
  return ENDPOINTS.find((e) => e.path.toLowerCase() === lower);
}

/** The payload status a path answers on success (paths match case-insensitively); 200 for a path not in the catalogue. */
export function expectedStatus(path: string): number {
  return endpointAt(path)?.expect ?? STATUS_OK;
}
