// The page recorder is the smoke runner's (cli/lib/har.ts); the tests record with the same one.
export { recordHar } from "#cli/lib/har.ts";

/** Records the calls made through a fetch (a node client's) into a HAR 1.2 log, as `recordHar` does a page's. */
export function recordFetchHar(inner: typeof fetch = globalThis.fetch) {
  const entries: unknown[] = [];
  const doFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await inner(input, init);
    const text = await response.clone().text();
    entries.push({
      startedDateTime: new Date().toISOString(),
      request: { method: init?.method ?? "GET", url: String(input), postData: { mimeType: "application/x-www-form-urlencoded", text: String(init?.body ?? "") } },
      response: { status: response.status, content: { mimeType: response.headers.get("content-type") ?? "", text } },
    });
    return response;
  }) as typeof fetch;
  return { fetch: doFetch, har: () => ({ log: { version: "1.2", creator: { name: "tests/support/har.ts", version: "1" }, entries } }) };
}
