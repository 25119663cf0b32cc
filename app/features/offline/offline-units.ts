import type { ResourceKind } from "#gateway/api/resources.ts";

// What the screens need of offline saving before any unit is read or written (a unit's key, a size in words; the
// device-or-gateway rule of the readers' loaders is its own module): the store itself loads when first used
// (decision 107).

/** The kinds whose units can be saved. */
export type OfflineKind = Extract<ResourceKind, "novel" | "comic" | "audio">;

export interface UnitKey {
  kind: OfflineKind;
  itemId: number;
  unitId: number;
}

/** One unit for 保存离线 to save, as a screen describes it. */
export interface SaveOfflineProps {
  kind: OfflineKind;
  itemId: number;
  unitId: number;
  /** What 设置 › 离线内容 lists, e.g. 书名 · 第 3 章. */
  title: string;
  /** Where the saved unit opens. */
  href: string;
  /** What the reader's loader answered for this unit: kept as it is and answered offline. */
  data: unknown;
  /** The unit's files to download (comic pages, the audio file); a novel chapter has none. */
  files?: readonly string[];
  /** Whether the member may open the unit now (bought, free or VIP): nothing else can be saved. */
  canOpen: boolean;
  /** Asks for the item's detail, kept with the unit so that the item's screen opens offline too. */
  item?: () => Promise<unknown>;
}

export const unitPath = (k: UnitKey) => `${k.kind}/${k.itemId}/${k.unitId}`;

/** 1234567 → "1.2 MB"; 980 → "980 B". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let n = bytes / 1024;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n >= 100 ? Math.round(n) : n.toFixed(1).replace(/\.0$/, "")} ${units[i]}`;
}

export { deviceOrGateway } from "./device-or-gateway.ts";
