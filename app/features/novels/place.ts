import type { Progress } from "#gateway/api/resources.ts";
import { localStore } from "#app/lib/safe-storage.ts";

// Where a member is in a book on this device: what the book's screens show (继续阅读) without the reader's code.

export const positionKey = (itemId: number) => `novel-position:${itemId}`;

/** A stored position read back: anything malformed is no position. */
export function parseProgress(raw: string | null, itemId: number): Progress | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<Progress>;
    const ok =
      p.item_id === itemId &&
      Number.isInteger(p.unit_id) &&
      typeof p.position === "number" &&
      p.position >= 0 &&
      p.position <= 1 &&
      typeof p.updated_at === "number";
    return ok ? (p as Progress) : null;
  } catch {
    return null;
  }
}

/** The place kept on this device for a book. */
export const devicePosition = (itemId: number): Progress | null => parseProgress(localStore.getItem(positionKey(itemId)), itemId);
