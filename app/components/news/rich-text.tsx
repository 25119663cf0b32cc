import { createElement, useMemo, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { LazyVideoPlayer } from "#app/components/video/lazy-video-player.tsx";
import { openExternal, safeRedirect } from "#app/lib/safe-url.ts";
import "./article.css";

/**
 * What an article may contain. The body is parsed by the browser in an inert document (DOMParser: no script runs,
 * nothing loads) and drawn as React elements from this list: no HTML string is ever parsed into the page, so no
 * attribute or element outside it can get there (decision 098). Anything else is dropped, its text kept, except
 * for the elements whose content is not text for a reader.
 */
const ALLOWED_TAGS = new Set(["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "h4", "blockquote", "ul", "ol", "li", "a", "span", "figure", "figcaption"]);
const DROPPED_WITH_CONTENT = new Set(["script", "style", "template", "iframe", "frame", "frameset", "object", "embed", "noscript", "noembed", "noframes", "textarea", "select", "option", "title", "xmp", "plaintext", "head", "audio", "canvas"]);
const HTML_NS = "http://www.w3.org/1999/xhtml";
const RATIO = /^\d{1,4}X\d{1,4}$/;
/** Links an article may hold: the web, mail, and the app's own paths (a click still goes through safeRedirect/openExternal). */
const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;

type Block = { kind: "text"; nodes: ReactNode[] } | { kind: "image"; src: string; ratio: string; alt: string } | { kind: "video"; src: string };

/** An allowed element and its allowed attributes as a React element; other elements give their text (or nothing). */
function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  // SVG, MathML and anything else not HTML: dropped whole.
  if (el.namespaceURI !== HTML_NS) return null;
  const tag = el.localName;
  if (DROPPED_WITH_CONTENT.has(tag)) return null;
  const children = Array.from(el.childNodes, toReact);
  if (!ALLOWED_TAGS.has(tag)) return createElement("span", { key }, ...children);
  const props: Record<string, string | number> = { key };
  const title = el.getAttribute("title");
  if (title) props.title = title;
  const href = tag === "a" ? el.getAttribute("href")?.trim() : undefined;
  // Browsers drop tabs and newlines inside a URL ("/\t/host" is "//host"): an href holding any is dropped.
  if (href && SAFE_HREF.test(href) && !/[\u0000-\u0020\\]/.test(href)) props.href = href;
  return tag === "br" ? createElement("br", props) : createElement(tag, props, ...children);
}

/**
 * The article's HTML as blocks: text blocks of allowed elements, and its images and videos taken out of them, to be
 * shown through the image worker (they are encrypted) and the player.
 */
export function toBlocks(html: string): Block[] {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  const blocks: Block[] = [];
  const media = (el: Element): Block | null => {
    const src = el.getAttribute("src") ?? "";
    if (!/^https?:\/\//i.test(src)) return null;
    if (el.localName === "video") return { kind: "video", src };
    const ratio = el.getAttribute("data-ratio") ?? "";
    return { kind: "image", src, ratio: RATIO.test(ratio) ? ratio : "4X3", alt: el.getAttribute("alt") ?? "" };
  };
  for (const node of Array.from(body.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent?.trim()) blocks.push({ kind: "text", nodes: [createElement("p", { key: 0 }, node.textContent)] });
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    if (el.namespaceURI === HTML_NS && (el.localName === "img" || el.localName === "video")) {
      const block = media(el);
      if (block) blocks.push(block);
      continue;
    }
    // Pictures inside a paragraph follow it.
    const inner = el.namespaceURI === HTML_NS && !DROPPED_WITH_CONTENT.has(el.localName) ? Array.from(el.querySelectorAll("img, video")) : [];
    for (const m of inner) m.remove();
    const text = toReact(el, 0);
    if (text !== null && el.textContent?.trim()) blocks.push({ kind: "text", nodes: [text] });
    for (const m of inner) {
      const block = media(m);
      if (block) blocks.push(block);
    }
  }
  return blocks;
}

/** An article's body: untrusted HTML, drawn from an allowlist, its links through the safe external-link rule. */
export function RichText({ html }: { html: string }) {
  const navigate = useNavigate();
  const blocks = useMemo(() => toBlocks(html), [html]);
  const images = blocks.flatMap((b) => (b.kind === "image" ? [b.src] : []));
  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element).closest("a");
    if (!link) return;
    e.preventDefault();
    const href = link.getAttribute("href") ?? "";
    if (href.startsWith("/") && !href.startsWith("//")) void navigate(safeRedirect(href, "/scandalous"));
    else openExternal(href);
  };
  return (
    <div className="rich-text" onClick={onClick}>
      {blocks.map((b, i) =>
        b.kind === "text" ? (
          <div key={i}>{b.nodes}</div>
        ) : b.kind === "image" ? (
          <EncImage key={i} className="rich-image" src={b.src} ratio={b.ratio} alt={b.alt} fit="contain" priority={b.src === images[0]} onClick={() => void previewImages(images, images.indexOf(b.src))} />
        ) : (
          <div key={i} className="rich-video">
            <LazyVideoPlayer src={b.src} />
          </div>
        ),
      )}
    </div>
  );
}
