// What the build does to its pages after React Router has written them (react-router.config.ts `buildEnd`).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";

/** Every page the build wrote: the SPA fallback and each prerendered screen. */
async function pagesOf(clientDir: string): Promise<string[]> {
  return (await readdir(clientDir, { recursive: true })).filter((f) => f.endsWith(".html")).map((f) => join(clientDir, f));
}

async function rewritePages(clientDir: string, rewrite: (html: string, page: string) => Promise<string> | string) {
  for (const page of await pagesOf(clientDir)) await writeFile(page, await rewrite(await readFile(page, "utf8"), page));
}

/** Where the client build leaves each screen's first calls' files (vite.config.ts), beside the client's folder. */
export const EARLY_PRELOADS = "early-preloads.json";

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)#?"([^>]*)\/>/g;

/**
 * Each page carries the CSS it needs inline, so its first paint waits for no other file (decision 089). The
 * links stay, `disabled` (not fetched): React hydrates the page's <head> against them, and matches a link by
 * its `rel` and `href` only. React Router names a sheet a route module imports with a `#` after it; a second
 * disabled link without it tells Vite's loader of lazy chunks that the sheet is in (it looks for that href).
 */
export async function inlineStylesheets(clientDir: string) {
  const sheets = new Map<string, string>();
  const sheet = async (href: string) => {
    let css = sheets.get(href);
    if (css === undefined) {
      css = (await readFile(join(clientDir, href), "utf8")).trim();
      // Inline, a sheet may not end the <style> element early.
      if (/<\/style/i.test(css)) throw new Error(`${href} holds "</style"`);
      sheets.set(href, css);
    }
    return css;
  };
  await rewritePages(clientDir, async (html) => {
    const links = [...html.matchAll(STYLESHEET)];
    const styles = await Promise.all(links.map((m) => sheet(m[1]!)));
    let i = 0;
    return html.replace(STYLESHEET, (link, href: string) => {
      const marker = link.includes(`${href}#"`) ? `<link rel="stylesheet" href="${href}" disabled/>` : "";
      return `<style>${styles[i++]}</style>${link.slice(0, -2)} disabled/>${marker}`;
    });
  });
}

/**
 * Module preloads added in one task: a script adding one costs about 1.5–5 ms at 4× CPU (the parser's adding them
 * was spread over its own tasks), so the 35 of /player made a 190 ms task. Six at a time keep each task short.
 */
const PRELOADS_PER_TASK = 6;

/**
 * The page's scripts start once its frame has painted, not while the browser parses it. Script preloads that
 * start before the first paint are counted against it (Lighthouse's estimate of the first paint includes every
 * request that started before it), so one document painted at 1.1 s in one run and 1.9 s in the next (decision
 * 089). The module preloads, the starter and React Router's inline module script are taken out of the page and
 * added by a small script two frames after the first one: the paint's next frame; 500 ms at most, for a page
 * that opened hidden (no frames). The starter first, then the preloads a few per task, React Router's module
 * script after the first few (React DOM and the framework among them).
 */
export async function scriptsAfterFirstPaint(clientDir: string) {
  const starters = (await readdir(join(clientDir, "assets"))).filter((f) => /^starter-[\w-]+\.js$/.test(f));
  if (starters.length !== 1) throw new Error(`expected one starter chunk, found ${starters.length}`);
  const starter = `/assets/${starters[0]}`;
  const early: Record<string, string[]> = JSON.parse(await readFile(join(clientDir, "..", EARLY_PRELOADS), "utf8"));
  await rewritePages(clientDir, (html, page) => {
    // The starter (app/early-start.ts) runs as a script of its own, first: the first screen's calls go out while
    // React DOM downloads (decision 023). The root imports it too, which React Router preloads. The files of the
    // screen's first calls, which the starter imports, are preloaded first: they come beside it, not after it
    // (decision 103).
    const path = `/${relative(clientDir, dirname(page)).split(sep).join("/")}`;
    const preloads = [...new Set([...(early[path] ?? []), ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]!)])].filter((href) => href !== starter);
    const boot = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html);
    if (!boot) throw new Error(`${page}: no module script to start the app with`);
    html = html
      .replace(/<link rel="modulepreload" href="[^"]+"\/>/g, "")
      // Kept as data (its hash is in the page's policy, as the module it becomes runs under it).
      .replace(boot[0], `<script type="text/plain" id="app-boot">${boot[1]}</script>`);
    const loader =
      `(function(){var d=document,done=0,q=${JSON.stringify(preloads)},i=0;` +
      `function slice(){for(var n=0;i<q.length&&n<${PRELOADS_PER_TASK};n++){var l=d.createElement("link");l.rel="modulepreload";l.href=q[i++];d.head.appendChild(l)}if(i<q.length)setTimeout(slice,0)}` +
      `function go(){if(done)return;done=1;` +
      `var s=d.createElement("script");s.type="module";s.src=${JSON.stringify(starter)};d.head.appendChild(s);slice();` +
      `var m=d.createElement("script");m.type="module";m.textContent=d.getElementById("app-boot").textContent;d.body.appendChild(m)}` +
      `requestAnimationFrame(function(){requestAnimationFrame(go)});setTimeout(go,500)})()`;
    return html.replace("</body>", `<script>${loader}</script></body>`);
  });
}
