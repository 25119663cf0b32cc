import { SEARCH_HISTORY_KEY } from "#gateway/config.ts";
import { localStore } from "./safe-storage.ts";

export const MAX_SEARCH_HISTORY = 20;

/** Newest first, each word once, at most MAX_SEARCH_HISTORY. */
export function withSearch(history: string[], word: string): string[] {
  const w = word.trim();
  if (!w) return history;
  return [w, ...history.filter((h) => h !== w)].slice(0, MAX_SEARCH_HISTORY);
}

export function readSearchHistory(): string[] {
  try {
    const list = JSON.parse(localStore.getItem(SEARCH_HISTORY_KEY) ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function rememberSearch(word: string): string[] {
  const next = withSearch(readSearchHistory(), word);
  localStore.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  return next;
}

export function clearSearchHistory() {
  localStore.removeItem(SEARCH_HISTORY_KEY);
}
