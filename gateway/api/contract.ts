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

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * Catalogue paths a path not in it may have meant (the CLI's "did you mean"), closest first, at most `max`: a
 * few letters apart, or the same call name in an area whose name holds the one asked (`/api/mv/detail` →
 * `/api/MvDetail/detail`).
 */
export function similarPaths(path: string, max = 3): string[] {
  const asked = path.toLowerCase();
  const [askedArea = "", askedCall = ""] = asked.split("/").slice(-2);
  const near = Math.max(2, Math.round(asked.length / 5));
  return ENDPOINTS.map((e) => {
    const known = e.path.toLowerCase();
    const [area = "", call = ""] = known.split("/").slice(-2);
    const distance = editDistance(asked, known);
    const sameCall = call === askedCall && Boolean(askedArea) && (area.includes(askedArea) || askedArea.includes(area));
    return { path: e.path, distance, close: distance <= near || sameCall };
  })
    .filter((c) => c.close && c.distance > 0)
    .sort((a, b) => a.distance - b.distance || a.path.localeCompare(b.path))
    .slice(0, max)
    .map((c) => c.path);
}
