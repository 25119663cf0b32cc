/** `?name=` as a positive safe integer, the way every screen's loader reads an id (a 404 otherwise), or undefined. */
export function positiveParam(params: URLSearchParams, name: string): number | undefined {
  const n = Number(params.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
