import type { Page } from "puppeteer";

interface Pending {
  method: string;
  url: string;
  postData?: string;
  requestHeaders: Record<string, string>;
  startedDateTime: string;
  status?: number;
  statusText?: string;
  mimeType?: string;
  responseHeaders?: Record<string, string>;
  body?: { text: string; encoding?: string };
}

/**
 * Records a page's traffic through the DevTools protocol into a HAR 1.2 log, the same shape Chrome's
 * "Save all as HAR" exports: request post data and response bodies included.
 */
export async function recordHar(page: Page) {
  const session = await page.createCDPSession();
  await session.send("Network.enable", { maxPostDataSize: 10 * 1024 * 1024 });
  const requests = new Map<string, Pending>();
  const finished: Promise<void>[] = [];

  session.on("Network.requestWillBeSent", (e) => {
    requests.set(e.requestId, {
      method: e.request.method,
      url: e.request.url,
      postData: e.request.postData ?? e.request.postDataEntries?.map((p) => (p.bytes ? Buffer.from(p.bytes, "base64").toString("utf8") : "")).join(""),
      requestHeaders: e.request.headers,
      startedDateTime: new Date(e.wallTime * 1000).toISOString(),
    });
  });
  session.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.statusText = e.response.statusText;
    r.mimeType = e.response.mimeType;
    r.responseHeaders = e.response.headers;
  });
  session.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    finished.push(
      session
        .send("Network.getResponseBody", { requestId: e.requestId })
        .then((b) => {
          r.body = b.base64Encoded ? { text: b.body, encoding: "base64" } : { text: b.body };
        })
        .catch(() => undefined),
    );
  });

  const headers = (h: Record<string, string> = {}) => Object.entries(h).map(([name, value]) => ({ name, value }));
  return {
    async har() {
      await Promise.all(finished);
      return {
        log: {
          version: "1.2",
          creator: { name: "gw", version: "1" },
          entries: [...requests.values()]
            .filter((r) => r.status !== undefined)
            .map((r) => ({
              startedDateTime: r.startedDateTime,
              time: 0,
              request: {
                method: r.method,
                url: r.url,
                httpVersion: "HTTP/1.1",
                headers: headers(r.requestHeaders),
                queryString: [],
                cookies: [],
                headersSize: -1,
                bodySize: r.postData?.length ?? 0,
                ...(r.postData !== undefined ? { postData: { mimeType: r.requestHeaders["Content-Type"] ?? r.requestHeaders["content-type"] ?? "", text: r.postData } } : {}),
              },
              response: {
                status: r.status,
                statusText: r.statusText ?? "",
                httpVersion: "HTTP/1.1",
                headers: headers(r.responseHeaders),
                cookies: [],
                content: { size: r.body?.text.length ?? 0, mimeType: r.mimeType ?? "", ...(r.body ?? {}) },
                redirectURL: "",
                headersSize: -1,
                bodySize: -1,
              },
              cache: {},
              timings: { send: 0, wait: 0, receive: 0 },
            })),
        },
      };
    },
  };
}
