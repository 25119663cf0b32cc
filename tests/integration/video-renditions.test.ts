import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, video } from "#gateway/api/index.ts";
import { PREVIEW_SEGMENTS } from "#server/content/media.ts";
import { DEMO_LOCKED_VIDEO_ID } from "#server/content/seed.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Decision 081: each placeholder clip's HLS is a master playlist naming two renditions, each signed and previewed
// as the single playlist was (decisions 067, 078).
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const status = async (url: string) => (await fetch(url)).status;
const text = async (url: string) => {
  const r = await fetch(url);
  expect(r.status, url).toBe(200);
  expect(r.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
  return r.text();
};

/** A master playlist's variants: each `#EXT-X-STREAM-INF` line's attributes and the address after it. */
function variants(master: string) {
  const lines = master.split("\n");
  return lines.flatMap((line, i) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return [];
    return [{ resolution: /RESOLUTION=(\d+x\d+)/.exec(line)?.[1], bandwidth: Number(/BANDWIDTH=(\d+)/.exec(line)?.[1]), uri: lines[i + 1]! }];
  });
}

/** The files a media playlist names (init section first), as addresses resolved against it. */
function files(playlist: string, base: string) {
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!;
  return [init, ...playlist.split("\n").filter((l) => l && !l.startsWith("#"))].map((uri) => new URL(uri, base).href);
}

async function soldHlsVideo(): Promise<number> {
  const db = gw.openDb();
  try {
    const row = await db.get<{ id: number }>("SELECT id FROM items WHERE kind = 'video' AND media LIKE 'hls:%' AND coins > 0 AND vip_free = 0 AND id <> ? ORDER BY id LIMIT 1", [DEMO_LOCKED_VIDEO_ID]);
    return row!.id;
  } finally {
    await db.close();
  }
}

describe("two renditions behind one master playlist (decision 081)", () => {
  it("signs the master, each variant playlist and every file for a member who paid; refuses each without the grant", async () => {
    const m = testClient(gw.url);
    const registered = await m.send(accounts.register, { phone: "13711100001", password: "secret123" });
    m.state.token = registered.token;
    const db = gw.openDb();
    await db.run("UPDATE users SET coins = 100 WHERE uuid = ?", [registered.uuid]);
    await db.close();
    const id = await soldHlsVideo();
    const master = (await m.send(video.buyWithCoins, { id })).data!.video.play_url;
    expect(new URL(master).pathname).toBe(`/media/video/${id}/0/master.m3u8`);
    const grant = new URL(master).search;
    expect(grant).toMatch(/^\?u=\d+&e=\d+&s=[\w-]{32}$/);

    const listed = variants(await text(master));
    expect(listed.map((v) => v.resolution)).toEqual(["960x540", "480x270"]);
    expect(listed.every((v) => v.bandwidth > 0)).toBe(true);
    expect(listed[0]!.bandwidth).toBeGreaterThan(listed[1]!.bandwidth);
    for (const v of listed) {
      expect(v.uri).toMatch(/^(540p|270p)\/index\.m3u8\?u=/);
      expect(v.uri.endsWith(grant)).toBe(true);
      const playlistUrl = new URL(v.uri, master).href;
      const playlist = await text(playlistUrl);
      const named = files(playlist, playlistUrl);
      expect(named).toHaveLength(5);
      for (const file of named) {
        expect(new URL(file).search, file).toBe(grant);
        expect(await status(file), file).toBe(200);
      }
      // Without the grant: the variant playlist and each file it names are refused.
      for (const file of [playlistUrl, ...named]) expect(await status(file.split("?")[0]!), file).toBe(403);
    }
    expect(await status(master.split("?")[0]!)).toBe(403);
    // Unpaid, the detail gives no address at all.
    const other = testClient(gw.url);
    other.state.token = (await other.send(accounts.register, { phone: "13711100002", password: "secret123" })).token;
    expect((await other.send(video.detail, { id })).play_url).toBe("");
  });

  it("gives a preview the same two renditions, each stopping at the preview's segments", async () => {
    const preview = (await testClient(gw.url).send(video.detail, { id: DEMO_LOCKED_VIDEO_ID })).preview_url;
    expect(new URL(preview).pathname).toBe(`/media/video/${DEMO_LOCKED_VIDEO_ID}/preview/master.m3u8`);
    const listed = variants(await text(preview));
    expect(listed.map((v) => [v.resolution, v.uri])).toEqual([
      ["960x540", "540p/index.m3u8"],
      ["480x270", "270p/index.m3u8"],
    ]);
    for (const v of listed) {
      const playlistUrl = new URL(v.uri, preview).href;
      const playlist = await text(playlistUrl);
      expect(playlist.match(/^#EXTINF/gm)).toHaveLength(PREVIEW_SEGMENTS);
      expect(playlist).toContain("#EXT-X-ENDLIST");
      for (const file of files(playlist, playlistUrl)) expect(await status(file), file).toBe(200);
      const rendition = v.uri.split("/")[0];
      expect(await status(new URL(`${rendition}/seg-${PREVIEW_SEGMENTS}.m4s`, preview).href)).toBe(404);
      expect(await status(new URL(`${rendition}/seg-3.m4s`, preview).href)).toBe(404);
    }
  });
});
