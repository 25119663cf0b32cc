import type { Context } from "hono";
import type { DB } from "#server/db/index.ts";
import { pagePolicy } from "#server/http/security-headers.ts";

// The demo games' play page (decision 060): a tap game of neutral shapes on a canvas, one self-contained page.
// Its policy allows nothing from anywhere else, so the page cannot load or send anything outside it.

/** The page's Content-Security-Policy: its own inline script and style (by hash, decision 068), no requests at all. */
export const demoGamePolicy = (html: string) => pagePolicy(html, ["form-action 'none'"]);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function demoGamePage(title: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(title)} — 示例游戏</title>
<style>
  html, body { margin: 0; height: 100%; background: #14161c; color: #e8e8ee; font: 16px/1.5 system-ui, sans-serif; }
  body { display: flex; flex-direction: column; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 12px 16px; gap: 12px; }
  h1 { font-size: 17px; margin: 0; }
  #score { font-variant-numeric: tabular-nums; }
  canvas { flex: 1; width: 100%; touch-action: manipulation; display: block; }
  button { min-height: 44px; min-width: 44px; padding: 0 16px; border: 0; border-radius: 8px; background: #4a7dff; color: #fff; font-size: 16px; }
  footer { padding: 8px 16px 16px; color: #a0a3ad; font-size: 13px; }
</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><span id="score" role="status" aria-live="polite">得分 0 · 30 秒</span></header>
<canvas id="board" aria-label="游戏区域：点中出现的图形得分"></canvas>
<footer><button id="start" type="button">开始</button> 示例游戏：30 秒内点中尽量多的图形。</footer>
<script>
(() => {
  const canvas = document.getElementById("board");
  const ctx = canvas.getContext("2d");
  const score = document.getElementById("score");
  const start = document.getElementById("start");
  const colors = ["#4a7dff", "#3cc48b", "#f2b233", "#e0607e", "#9b7bf0"];
  let shapes = [], points = 0, endsAt = 0, timer = 0;
  const size = () => {
    const r = canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
    canvas.width = r.width * dpr; canvas.height = r.height * dpr; ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  };
  const add = () => {
    const r = canvas.getBoundingClientRect(), s = 22 + Math.random() * 18;
    shapes.push({ x: s + Math.random() * (r.width - 2 * s), y: s + Math.random() * (r.height - 2 * s), s, round: Math.random() < 0.5, color: colors[Math.floor(Math.random() * colors.length)], born: performance.now() });
  };
  const draw = (now) => {
    const r = canvas.getBoundingClientRect();
    ctx.clearRect(0, 0, r.width, r.height);
    shapes = shapes.filter((p) => now - p.born < 1800);
    for (const p of shapes) {
      ctx.fillStyle = p.color;
      ctx.beginPath();
      if (p.round) ctx.arc(p.x, p.y, p.s, 0, Math.PI * 2); else ctx.rect(p.x - p.s, p.y - p.s, p.s * 2, p.s * 2);
      ctx.fill();
    }
    const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
    score.textContent = "得分 " + points + " · " + left + " 秒";
    if (left > 0) { if (Math.random() < 0.04 || shapes.length === 0) add(); requestAnimationFrame(draw); }
    else { shapes = []; ctx.clearRect(0, 0, r.width, r.height); start.textContent = "再来一局"; start.hidden = false; }
  };
  canvas.addEventListener("pointerdown", (e) => {
    const r = canvas.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
    const hit = shapes.findIndex((p) => Math.abs(x - p.x) <= p.s + 6 && Math.abs(y - p.y) <= p.s + 6);
    if (hit >= 0 && endsAt > Date.now()) { shapes.splice(hit, 1); points++; }
  });
  start.addEventListener("click", () => {
    points = 0; shapes = []; endsAt = Date.now() + 30000; start.hidden = true; cancelAnimationFrame(timer); timer = requestAnimationFrame(draw);
  });
  window.addEventListener("resize", size);
  size();
})();
</script>
</body>
</html>
`;
}

/** GET /media/game/:id: the play page of a demo game, for anyone who has its link (the detail gives it to who may play). */
export async function serveDemoGame(c: Context, db: DB) {
  const id = Number(c.req.param("id"));
  const title = Number.isSafeInteger(id) && id > 0 ? await db.value<string>("SELECT title FROM items WHERE id = ? AND kind = 'game' AND hidden = 0", [id]) : undefined;
  if (!title) return c.text("not found", 404);
  const html = demoGamePage(title);
  return c.html(html, 200, { "content-security-policy": demoGamePolicy(html), "cache-control": "no-cache" });
}
