import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A mark of a call (docs/protocol.md §9): its success status 251, silent, shown, never throws; and whether it may
 * be sent again on another line (§5): `request_id` (done once per request id), `no repeat` (a repeat does it again).
 */
export type Mark = "251" | "silent" | "shown" | "never throws" | "request_id" | "no repeat";

export interface DocumentedCall {
  path: string;
  /** The `###` heading of its table. */
  area: string;
  marks: Mark[];
  /** A call of a later issue: no handler yet. */
  reserved: boolean;
}

const MARKS: readonly Mark[] = ["251", "silent", "shown", "never throws", "request_id", "no repeat"];
const RESERVED_HEADING = "Reserved for later areas";
const EXTENSIONS_HEADING = "Extensions";

/**
 * The calls of docs/protocol.md §9: the product's (one table per area), the reserved areas of later issues, and
 * our extensions. The one list of the contract: tests read it from there.
 */
export function readProtocolCalls(root = join(import.meta.dirname, "../..")) {
  const docs = readFileSync(join(root, "docs/protocol.md"), "utf8");
  const start = docs.indexOf("## 9. Calls");
  if (start < 0) throw new Error("docs/protocol.md has no §9");
  const rest = docs.slice(start + 1);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);

  const product: DocumentedCall[] = [];
  const extensions: DocumentedCall[] = [];
  /** Paths (`/api/x/y`) and areas (`/api/book/*`) of later issues. */
  const reservedAreas: string[] = [];
  let area = "";
  let marksColumn = -1;
  for (const line of section.split("\n")) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) {
      area = heading[1]!.trim();
      marksColumn = -1;
      continue;
    }
    if (area === RESERVED_HEADING) {
      for (const m of line.matchAll(/`(\/api\/[^`\s]+)`/g)) reservedAreas.push(m[1]!);
      continue;
    }
    if (!line.startsWith("|")) continue;
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    if (cells[0] === "call") {
      marksColumn = cells.indexOf("marks");
      continue;
    }
    const path = /^`(\/api\/[^`\s]+)`$/.exec(cells[0] ?? "")?.[1];
    if (!path) continue;
    if (marksColumn < 0) throw new Error(`docs/protocol.md §9 ${area}: a table of calls needs a "marks" column`);
    const words = (cells[marksColumn] ?? "").split(",").map((w) => w.trim()).filter((w) => w && w !== "—");
    const unknown = words.filter((w) => !MARKS.includes(w as Mark));
    if (unknown.length) throw new Error(`docs/protocol.md §9: ${path} has unknown marks ${unknown.join(", ")}`);
    const call = { path, area, marks: words as Mark[], reserved: /\breserved\b/.test(cells.join(" ")) };
    (area === EXTENSIONS_HEADING ? extensions : product).push(call);
  }
  return { product, extensions, reservedAreas };
}

/** Whether a path lies in a reserved area (`/api/book/*`) or is a reserved path; case does not matter. */
export function inReservedArea(path: string, areas: readonly string[]): boolean {
  const lower = path.toLowerCase();
  return areas.some((a) => {
    const area = a.toLowerCase();
    return area.endsWith("/*") ? lower.startsWith(area.slice(0, -1)) : lower === area;
  });
}
