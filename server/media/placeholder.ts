import { createHash } from "node:crypto";

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where a seed puts a placeholder's colours and shapes; the SVG and the PNG both draw from it. */
export function placeholderLayout(seed: string, width: number, height: number) {
  const h = createHash("md5").update(seed).digest();
  const hue = (h[0]! * 360) / 256;
  const hue2 = (hue + 40 + h[1]! / 4) % 360;
  const w = Math.min(Math.max(Math.round(width) || 320, 16), 2000);
  const ht = Math.min(Math.max(Math.round(height) || 180, 16), 4000);
  const r = Math.min(w, ht) / 4;
  return {
    w,
    ht,
    hue,
    hue2,
    circle: { x: (h[2]! / 255) * w, y: (h[3]! / 255) * ht, r },
    box: { x: (h[4]! / 255) * w * 0.6, y: (h[5]! / 255) * ht * 0.6, w: r * 1.4, h: r * 0.9 },
  };
}

/**
 * A neutral generated placeholder image: a colour field from the seed, a few shapes and a label.
 * Deterministic, so it caches forever.
 */
export function placeholderSvg(seed: string, width: number, height: number, label: string): string {
  const { w, ht, hue, hue2, circle, box } = placeholderLayout(seed, width, height);
  const text = escapeXml(label.slice(0, 24));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue.toFixed(0)},45%,32%)"/><stop offset="1" stop-color="hsl(${hue2.toFixed(0)},50%,18%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${circle.x.toFixed(0)}" cy="${circle.y.toFixed(0)}" r="${circle.r.toFixed(0)}" fill="hsla(${hue2.toFixed(0)},60%,60%,0.25)"/>
<rect x="${box.x.toFixed(0)}" y="${box.y.toFixed(0)}" width="${box.w.toFixed(0)}" height="${box.h.toFixed(0)}" rx="8" fill="hsla(${hue.toFixed(0)},60%,70%,0.2)"/>
${text ? `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="${Math.max(12, Math.round(Math.min(w, ht) / 8))}" fill="rgba(255,255,255,0.85)">${text}</text>` : ""}
</svg>`;
}
