/** A field of a location's state (what a link or navigate passed as `state`), when it is there with that type. */
export function stateField(state: unknown, key: string, type: "string"): string | undefined;
export function stateField(state: unknown, key: string, type: "number"): number | undefined;
export function stateField(state: unknown, key: string, type: "string" | "number"): string | number | undefined {
  const value = state && typeof state === "object" ? (state as Record<string, unknown>)[key] : undefined;
  return typeof value === type ? (value as string | number) : undefined;
}
