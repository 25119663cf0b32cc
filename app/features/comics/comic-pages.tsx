import { memo, useEffect, useRef, useState } from "react";
import type { ComicPage } from "#gateway/api/comics.ts";
import { parseRatio } from "#gateway/image-cipher.ts";
import { decodePage, releasePage } from "./episode.ts";
import { pageTops, pageWindow } from "./page-window.ts";

/**
 * An episode's pages one under another, scrolled by the window. Every page keeps its box (its ratio is known),
 * but only the pages of the window around the viewport hold a decoded image (at most `MAX_DECODED_PAGES`);
 * a page leaving the window gives its image back, so memory stays bounded however long the episode.
 */
export function ComicPages({ pages }: { pages: ComicPage[] }) {
  const list = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState({ start: 0, end: 0 });

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    let top = 0;
    let tops: number[] = [];
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = pageWindow(tops, window.scrollY - top, window.innerHeight);
      setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
    };
    // Where the pages start and how tall each is follow the width; measured after layout, never during a commit.
    const measure = () => {
      const width = el.clientWidth;
      top = el.getBoundingClientRect().top + window.scrollY;
      tops = pageTops(pages.map((p) => width / (parseRatio(p.ratio) ?? 0.75)));
      update();
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      ro.disconnect();
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [pages]);

  return (
    <div ref={list} className="comic-pages">
      {pages.map((p, i) => (
        <PageBox key={p.url} page={p} n={i + 1} decoded={i >= range.start && i < range.end} />
      ))}
    </div>
  );
}

/** A page's box, its ratio kept whether or not it holds an image; a window that moves renders only the pages it changes. */
const PageBox = memo(function PageBox({ page, n, decoded }: { page: ComicPage; n: number; decoded: boolean }) {
  return (
    <div className="comic-page" style={{ aspectRatio: String(parseRatio(page.ratio) ?? 0.75) }} data-page={n}>
      {decoded ? <DecodedPage url={page.url} alt={`第 ${n} 页`} /> : null}
    </div>
  );
});

/** One page's image while it is in the window: decoded off the main thread, released when it leaves. */
function DecodedPage({ url, alt }: { url: string; alt: string }) {
  const [image, setImage] = useState<{ url: string; src?: string; failed?: boolean }>({ url });
  useEffect(() => {
    let live = true;
    let shown: string | undefined;
    decodePage(url)
      .then(async (src) => {
        // Decoded before it is shown, off the main thread: painting it then costs the main thread nothing.
        const img = new Image();
        img.src = src;
        await img.decode().catch(() => undefined);
        if (!live) return releasePage(src);
        shown = src;
        setImage({ url, src });
      })
      .catch(() => live && setImage({ url, failed: true }));
    return () => {
      live = false;
      // Still decoding: released once that ends (above).
      if (shown) releasePage(shown);
    };
  }, [url]);
  if (image.url === url && image.src) return <img src={image.src} alt={alt} decoding="async" />;
  return <span>{image.url === url && image.failed ? "加载失败" : "加载中…"}</span>;
}
