// HTML as a small tree, for the two things ingest does with it: an EPUB chapter's plain paragraphs, and an article's
// HTML cut down to what the app shows (the same allow-list app/components/news/rich-text.tsx draws articles from).
// Forgiving as browsers are: unknown tags unwrapped, stray closing tags ignored, unclosed ones closed at the end.

export interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
}
export type Node = string | Element | { comment: string };

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
/** Elements whose content is never text a reader sees. */
const RAW = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "template", "iframe", "noembed", "noframes"]);
/** Closing a block closes the inline elements left open inside it; a new `p` or `li` closes the one open. */
const AUTO_CLOSE: Record<string, string[]> = { p: ["p"], li: ["li"], dt: ["dt", "dd"], dd: ["dt", "dd"], tr: ["tr"], td: ["td", "th"], th: ["td", "th"] };

const CLOSES_P = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "table", "pre", "section", "article", "figure", "hr", "header", "footer", "aside", "nav", "dl"]);

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", hellip: "…", mdash: "—", ndash: "–", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", middot: "·", times: "×", copy: "©", reg: "®", ensp: "\u2002", emsp: "\u2003", thinsp: "\u2009" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Parses HTML (or XHTML) into a tree under a root element. Element and attribute names are lower case; namespaces prefixes dropped (`epub:type` → `type`). */
export function parseHtml(html: string): Element {
  const root: Element = { name: "#root", attrs: {}, children: [] };
  const stack: Element[] = [root];
  const top = () => stack[stack.length - 1]!;
  let at = 0;
  const text = (s: string) => {
    if (s) top().children.push(decodeEntities(s));
  };
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    if (lt < 0) {
      text(html.slice(at));
      break;
    }
    text(html.slice(at, lt));
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      top().children.push({ comment: html.slice(lt + 4, end < 0 ? html.length : end) });
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith("<![CDATA[", lt)) {
      const end = html.indexOf("]]>", lt);
      top().children.push(html.slice(lt + 9, end < 0 ? html.length : end));
      at = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      const end = html.indexOf(">", lt);
      at = end < 0 ? html.length : end + 1;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    if (!m) {
      text("<");
      at = lt + 1;
      continue;
    }
    at = TAG.lastIndex;
    const name = m[2]!.toLowerCase().replace(/^.*:/, "");
    if (m[1]) {
      const open = stack.findLastIndex((e) => e.name === name);
      if (open > 0) stack.length = open;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(ATTR)) attrs[a[1]!.toLowerCase().replace(/^.*:/, "")] ??= decodeEntities(a[2] ?? a[3] ?? a[4] ?? "");
    const closes = AUTO_CLOSE[name];
    if (closes && closes.includes(top().name)) stack.pop();
    // A block opening inside a paragraph ends the paragraph, and what was open in it.
    if (CLOSES_P.has(name)) {
      const p = stack.findLastIndex((e) => e.name === "p");
      if (p > 0) stack.length = p;
    }
    const el: Element = { name, attrs, children: [] };
    top().children.push(el);
    if (RAW.has(name)) {
      const end = html.toLowerCase().indexOf(`</${m[2]!.toLowerCase()}`, at);
      el.children.push(html.slice(at, end < 0 ? html.length : end));
      at = end < 0 ? html.length : html.indexOf(">", end) + 1 || html.length;
      continue;
    }
    if (!VOID.has(name) && !m[4]) stack.push(el);
  }
  return root;
}

/** The first element named one of `names`, depth first. */
export function findElement(node: Element, names: readonly string[]): Element | null {
  for (const child of node.children) {
    if (typeof child === "string" || "comment" in child) continue;
    if (names.includes(child.name)) return child;
    const found = findElement(child, names);
    if (found) return found;
  }
  return null;
}

/** Every element named `name`, depth first. */
export function findAll(node: Element, name: string, out: Element[] = []): Element[] {
  for (const child of node.children) {
    if (typeof child === "string" || "comment" in child) continue;
    if (child.name === name) out.push(child);
    findAll(child, name, out);
  }
  return out;
}

/** The text a reader sees in `node`, spaces collapsed. */
export function textOf(node: Node): string {
  if (typeof node === "string") return node;
  if ("comment" in node || RAW.has(node.name)) return "";
  return node.children.map(textOf).join("").replace(/\s+/g, " ").trim();
}

const BREAKS = new Set(["p", "div", "br", "hr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section", "article", "tr", "dt", "dd", "pre", "figure", "figcaption", "table", "ul", "ol", "header", "footer", "aside", "nav", "main", "body"]);

/** A chapter's paragraphs: the text of each block on its own line, blank ones dropped. */
export function paragraphsOf(root: Element): string[] {
  const lines: string[] = [];
  let line = "";
  const flush = () => {
    const t = line.replace(/[\s\u3000]+/g, (s) => (s.includes("\u3000") ? "" : " ")).trim();
    if (t) lines.push(t);
    line = "";
  };
  const walk = (node: Node) => {
    if (typeof node === "string") {
      line += node;
      return;
    }
    if ("comment" in node || RAW.has(node.name) || node.name === "head") return;
    const block = BREAKS.has(node.name);
    if (block) flush();
    node.children.forEach(walk);
    if (block) flush();
  };
  walk(root);
  flush();
  return lines;
}
