import type { ResourceKind } from "#gateway/api/resources.ts";
import type { GlobalConfig } from "#gateway/api/types.ts";

/** What a kind of resource is called and where its items open: what a card shows, without the kind's calls. */
export interface ResourceKindName {
  kind: ResourceKind;
  label: string;
  /** What one part is called in counts: 话, 章, 张, 集; empty for a kind without parts. */
  unit: string;
  /** The config's `sort_tabs` key of the kind's sorts; without one, 最新/最热. */
  sortTabs?: keyof GlobalConfig["sort_tabs"];
  /** The detail screen of an item. */
  detail: (id: number) => string;
}

/** Every kind's names; its calls are in RESOURCE_KINDS (resource-kinds.ts), which the lists load. */
export const RESOURCE_KIND_NAMES: Record<ResourceKind, ResourceKindName> = {
  comic: { kind: "comic", label: "漫画", unit: "话", sortTabs: "com", detail: (id) => `/cartoon/cartoon-detail?id=${id}` },
  novel: { kind: "novel", label: "小说", unit: "章", sortTabs: "com", detail: (id) => `/novel/detail?id=${id}` },
  picture: { kind: "picture", label: "图集", unit: "张", sortTabs: "picture", detail: (id) => `/picture/detail?id=${id}` },
  audio: { kind: "audio", label: "有声", unit: "集", detail: (id) => `/audio/detail?id=${id}` },
  game: { kind: "game", label: "游戏", unit: "", detail: (id) => `/game/detail?id=${id}` },
};

export const KIND_ORDER: readonly ResourceKind[] = ["comic", "novel", "picture", "audio", "game"];

/** The kind named by a query-string value, or undefined. */
export function kindOf(value: string | null | undefined): ResourceKind | undefined {
  return KIND_ORDER.find((k) => k === value);
}
