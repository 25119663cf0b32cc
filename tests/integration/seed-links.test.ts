import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { home, video } from "#gateway/api/index.ts";
import routes from "#app/routes.ts";
import { screenPattern, screenPaths } from "#app/screen-paths.ts";
import { inAppTarget } from "#app/lib/shortcut.ts";
import { startTestGateway, testClient, type TestGateway } from "../support/gateway.ts";

// Every address the demo data holds leads somewhere real on this gateway: a screen of the app, or a page or file the
// gateway serves. A tap on a seeded banner, ad or app in a local run never leaves for a site that is not there.

/** Addresses outside the gateway the seed may hold on purpose, each with its reason. None today. */
const OUTSIDE_BY_DESIGN = new Set<string>([]);

/** Anything that names another origin: a scheme with `//`, a protocol-relative `//host`, or a scheme a link could use. */
const FOREIGN = /(?:^|[\s"'(=])((?:[a-z][a-z0-9+.-]*:)?\/\/[^\s"'<>)]+|(?:mailto|tel|javascript|data|vbscript):[^\s"'<>)]*)/gi;
const screen = screenPattern(screenPaths(routes));

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

/** Every text value of every table, with where it is. */
async function seededTexts(): Promise<{ at: string; value: string }[]> {
  const db = gw.openDb();
  try {
    const texts: { at: string; value: string }[] = [];
    const tables = await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    for (const { name } of tables) {
      for (const { name: column } of await db.all<{ name: string }>(`PRAGMA table_info("${name}")`)) {
        const rows = await db.all<{ v: string }>(`SELECT DISTINCT "${column}" AS v FROM "${name}" WHERE typeof("${column}") = 'text'`);
        for (const { v } of rows) texts.push({ at: `${name}.${column}`, value: v });
      }
    }
    return texts;
  } finally {
    await db.close();
  }
}

describe("the seed's links", () => {
  it("name no other origin anywhere in the data", async () => {
    const texts = await seededTexts();
    // The scan reads the ads' table, so it would see an outside target there.
    expect(texts.some((t) => t.at === "ads.url")).toBe(true);
    const foreign = texts.flatMap(({ at, value }) => [...value.matchAll(FOREIGN)].map((m) => `${at}: ${m[1]}`)).filter((hit) => !OUTSIDE_BY_DESIGN.has(hit.slice(hit.indexOf(": ") + 2)));
    expect(foreign).toEqual([]);
  });

  it("lead to a screen of the app or to a page or file the gateway serves", async () => {
    // A value that is an address on this origin: the whole text is a path.
    const paths = [...new Set((await seededTexts()).filter(({ value }) => /^\/(?!\/)\S*$/.test(value)).map(({ value }) => value))];
    expect(paths).toContain("/home");
    // What the gateway answers for a path it has nothing for (the app shell, or the note that it is not built).
    const nothing = await (await fetch(`${gw.url}/no-such-address-${Date.now()}`)).text();
    const dead: string[] = [];
    for (const path of paths) {
      if (screen.test(path)) continue;
      const res = await fetch(`${gw.url}${path}`);
      const body = await res.text();
      if (res.status !== 200 || body === nothing) dead.push(`${path} (${res.status})`);
    }
    expect(dead).toEqual([]);
  });

  it("are moved over in a data folder seeded before, where ads and apps led to example.com", async () => {
    const db = gw.openDb();
    try {
      await db.run("UPDATE ads SET url = 'https://example.com/' WHERE id = (SELECT MAX(id) FROM ads)");
      await db.run("INSERT INTO app_center (name, icon_seed, url, intro, sort) VALUES ('天气助手', 'app-old', 'https://example.com/apps/weather', '旧的示例', 9)");
    } finally {
      await db.close();
    }
    await gw.stop();
    await gw.restart();
    expect((await seededTexts()).filter(({ value }) => value.includes("example.com"))).toEqual([]);
  });

  it("open in the app wherever it shows them: banners and ads of every position, and the app centre", async () => {
    const c = testClient(gw.url);
    const shown = [
      ...(await Promise.all(["home", "dark_web", "player", "post"].map((position) => c.send(home.ads, { position })))).flat().map((a) => ({ url: a.url, title: a.title })),
      ...(await c.send(home.appCenter, undefined)).map((a) => ({ url: a.url, title: a.name })),
    ];
    expect(shown.length).toBeGreaterThan(10);
    // AdLink opens an in-app target as a link in the app; anything else would leave it.
    expect(shown.filter((s) => !inAppTarget(s.url, s.title)).map((s) => s.url)).toEqual([]);
    for (const { url } of shown) expect(screen.test(new URL(inAppTarget(url, ""), "http://app.invalid").pathname), url).toBe(true);
    // A video an ad names is there to play.
    for (const id of new Set(shown.map((s) => new URL(s.url, "http://app.invalid")).filter((u) => u.pathname === "/player").map((u) => Number(u.searchParams.get("id"))))) {
      expect((await c.send(video.detail, { id })).id).toBe(id);
    }
  });
});
