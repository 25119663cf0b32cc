import DOMPurify from "dompurify";
import { useMemo, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { VideoPlayer } from "#app/components/video/video-player.tsx";
import { openExternal, safeRedirect } from "#app/lib/safe-url.ts";

/** What an article may contain; anything else (scripts, styles, frames, handlers) is dropped by DOMPurify. */
const ALLOWED_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "h4", "blockquote", "ul", "ol", "li", "a", "img", "video", "span", "figure", "figcaption"];
const ALLOWED_ATTR = ["href", "src", "alt", "title", "data-ratio"];
const RATIO = /^\d{1,4}X\d{1,4}$/;

type Block = { kind: "html"; html: string } | { kind: "image"; src: string; ratio: string; alt: string } | { kind: "video"; src: string };

/**
 * The article's HTML as blocks: sanitized text blocks, and its images and videos taken out of them, to be shown
 * through the image worker (they are encrypted) and the player.
 */
export function toBlocks(html: string): Block[] {
  const fragment = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, RETURN_DOM_FRAGMENT: true });
  const blocks: Block[] = [];
  const media = (el: Element): Block | null => {
    const src = el.getAttribute("src") ?? "";
    if (!/^https?:\/\//i.test(src)) return null;
    if (el.tagName === "VIDEO") return { kind: "video", src };
    const ratio = el.getAttribute("data-ratio") ?? "";
    return { kind: "image", src, ratio: RATIO.test(ratio) ? ratio : "4X3", alt: el.getAttribute("alt") ?? "" };
  };
  for (const node of Array.from(fragment.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent?.trim()) blocks.push({ kind: "html", html: `<p>${DOMPurify.sanitize(node.textContent, { ALLOWED_TAGS: [] })}</p>` });
      continue;
    }
    if (!(node instanceof Element)) continue;
    if (node.tagName === "IMG" || node.tagName === "VIDEO") {
      const block = media(node);
      if (block) blocks.push(block);
      continue;
    }
    // Pictures inside a paragraph follow it.
    const inner = Array.from(node.querySelectorAll("img, video"));
    for (const m of inner) m.remove();
    if (node.textContent?.trim()) blocks.push({ kind: "html", html: node.outerHTML });
    for (const m of inner) {
      const block = media(m);
      if (block) blocks.push(block);
    }
  }
  return blocks;
}

/** An article's body: untrusted HTML, sanitized, its links through the safe external-link rule. */
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
        b.kind === "html" ? (
          <div key={i} dangerouslySetInnerHTML={{ __html: b.html }} />
        ) : b.kind === "image" ? (
          <EncImage key={i} className="rich-image" src={b.src} ratio={b.ratio} alt={b.alt} fit="contain" priority={b.src === images[0]} onClick={() => void previewImages(images, images.indexOf(b.src))} />
        ) : (
          <div key={i} className="rich-video">
            <VideoPlayer src={b.src} />
          </div>
        ),
      )}
    </div>
  );
}
