import { createStore } from "./create-store.ts";

export const MAX_HISTORY = 50;

/**
 * The history stack rule: push unless the path equals the top; a path equal to the second entry means
 * the user went back, so the top is dropped. A replace (a form's answer, a redirect) takes the top's place.
 */
export function applyStackRule(stack: readonly string[], path: string, replace = false, max = MAX_HISTORY): string[] {
  const top = stack[stack.length - 1];
  if (top === path) return [...stack];
  if (replace && stack.length) return [...stack.slice(0, -1), path];
  if (stack.length >= 2 && stack[stack.length - 2] === path) return stack.slice(0, -1);
  const next = [...stack, path];
  return next.length > max ? next.slice(next.length - max) : next;
}

export const historyStore = createStore({ history_stacks: [] as string[] }, { persist: { kind: "session", key: "history_stacks" } });

export function recordVisit(path: string, replace = false) {
  const next = applyStackRule(historyStore.get().history_stacks, path, replace);
  historyStore.set((s) => {
    s.history_stacks = next;
  });
}

/** Whether an in-app back step exists (else a back button goes home). */
export function canGoBack(): boolean {
  return historyStore.get().history_stacks.length > 1;
}

/** The same for a screen that may not be recorded (an error page stands in for the screen that failed). */
export function canGoBackFrom(path: string): boolean {
  const stack = historyStore.get().history_stacks;
  return stack.length > (stack.at(-1) === path ? 1 : 0);
}
