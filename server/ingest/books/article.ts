import { escapeHtml, parseHtml, type Element, type Node } from "./html.ts";

// An article's HTML as the gateway stores it (server/news/articles.ts): only what the app's sanitiser lets through
// (app/components/news/rich-text.tsx draws articles from the same allow-list), in blocks, its images named by stored
// reference (`<img data-seed data-ratio alt>`). The app sanitises again on display; this makes what is stored
// already what is shown, so the paid part's split and the images taken in are the ones a reader gets.

/** The app's allow-list (rich-text.tsx), less `video`: an article's videos are not ingested from a file. */
const INLINE = new Set(["strong", "b", "em", "i", "u", "s", "a", "span", "br"]);
const BLOCK = new Set(["p", "h2", "h3", "h4", "blockquote", "ul", "ol", "li", "figure", "figcaption"]);
const RENAME: Record<string, string> = { h1: "h2", h5: "h4", h6: "h4", strike: "s", del: "s", ins: "u", mark: "strong", cite: "em", code: "span", kbd: "span", tt: "span", dt: "p", dd: "p", caption: "p" };
/** Dropped with everything in them. */
const DROP = new Set(["script", "style", "textarea", "title", "xmp", "noscript", "template", "iframe", "object", "embed", "applet", "svg", "math", "head", "form", "select", "button", "input", "video", "audio", "canvas", "map", "frameset", "frame", "noembed", "noframes", "link", "meta", "base"]);

/** What the command does with an image: its stored tag, or null to leave it out. */
export type ImageTag = (src: string, alt: string) => string | null;

export interface SanitizedArticle {
  /** Top-level blocks, in order. */
  blocks: string[];
  /** How many blocks come before a `<!-- more -->` marker (the free part), or null without one. */
  more: number | null;
}

const isMore = (node: Node) => typeof node === "object" && "comment" in node && /^\s*more\s*$/i.test(node.comment);

function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^https?:\/\/[^\s"'<>\\]+$/i.test(h)) return h;
  if (/^\/(?!\/)[^\s"'<>\\]*$/.test(h)) return h;
  return null;
}

/** Every `<img src>` of the article, in order (what the command must take in before it sanitises). */
export function imageSources(html: string): string[] {
  const out: string[] = [];
  const walk = (el: Element) => {
    for (const c of el.children) {
      if (typeof c === "string" || "comment" in c || DROP.has(c.name)) continue;
      if (c.name === "img" && c.attrs.src) out.push(c.attrs.src);
      walk(c);
    }
  };
  walk(parseHtml(html));
  return out;
}

/** The article's HTML cut down to the app's allow-list, as top-level blocks; `image` decides each image's tag. */
export function sanitizeArticle(html: string, image: ImageTag): SanitizedArticle {
  const blocks: string[] = [];
  let more: number | null = null;

  const inline = (nodes: readonly Node[]): string =>
    nodes
      .map((n) => {
        if (typeof n === "string") return escapeHtml(n.replace(/\s+/g, " "));
        if ("comment" in n || DROP.has(n.name)) return "";
        const name = RENAME[n.name] ?? n.name;
        if (name === "img") return n.attrs.src ? (image(n.attrs.src, n.attrs.alt ?? "") ?? "") : "";
        if (name === "br") return "<br>";
        const inner = inline(n.children);
        if (name === "a") {
          const href = safeHref(n.attrs.href ?? "");
          return href ? `<a href="${escapeHtml(href)}">${inner}</a>` : inner;
        }
        return INLINE.has(name) && inner.trim() ? `<${name}>${inner}</${name}>` : inner;
      })
      .join("");

  /** Blocks of `nodes`: allowed blocks kept, other containers unwrapped, runs of inline content made paragraphs. */
  const blocksOf = (nodes: readonly Node[], top: boolean): string[] => {
    const out: string[] = [];
    let run: Node[] = [];
    const flush = () => {
      const html = inline(run).replace(/ {2,}/g, " ").trim();
      if (html && html !== "<br>") out.push(`<p>${html}</p>`);
      run = [];
    };
    for (const n of nodes) {
      if (typeof n !== "string" && "comment" in n) {
        if (top && isMore(n) && more === null) {
          flush();
          more = blocks.length + out.length;
        }
        continue;
      }
      if (typeof n === "string" || n.name === "img" || INLINE.has(RENAME[n.name] ?? n.name)) {
        run.push(n);
        continue;
      }
      if (DROP.has(n.name)) continue;
      flush();
      const name = RENAME[n.name] ?? n.name;
      if (name === "ul" || name === "ol") {
        const items = n.children.filter((c): c is Element => typeof c === "object" && "name" in c && c.name === "li").map((li) => inline(li.children).trim()).filter(Boolean);
        if (items.length) out.push(`<${name}>${items.map((i) => `<li>${i}</li>`).join("")}</${name}>`);
      } else if (name === "blockquote" || name === "figure") {
        const inner = blocksOf(n.children, false).join("");
        if (inner) out.push(`<${name}>${inner}</${name}>`);
      } else if (BLOCK.has(name)) {
        const inner = inline(n.children).trim();
        if (inner && inner !== "<br>") out.push(`<${name === "li" ? "p" : name}>${inner}</${name === "li" ? "p" : name}>`);
      } else out.push(...blocksOf(n.children, top));
    }
    flush();
    return out;
  };
  const root = parseHtml(html);
  const body = root.children.find((c): c is Element => typeof c === "object" && "name" in c && c.name === "html")?.children.find((c): c is Element => typeof c === "object" && "name" in c && c.name === "body");
  blocks.push(...blocksOf((body ?? root).children, true));
  return { blocks, more };
}

/**
 * The stored parts: `description` the free part and `body` the paid rest when the article is sold (`paid`), split at
 * the `<!-- more -->` marker, else after the first third of its blocks (at least one); a free article is all free.
 */
export function splitArticle(article: SanitizedArticle, paid: boolean): { description: string; body: string } {
  const { blocks } = article;
  if (!paid) return { description: blocks.join(""), body: "" };
  const at = Math.min(Math.max(1, article.more ?? Math.ceil(blocks.length / 3)), Math.max(1, blocks.length - 1));
  return { description: blocks.slice(0, at).join(""), body: blocks.slice(at).join("") };
}
