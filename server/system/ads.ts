import { z } from "zod";
import { home } from "#gateway/api/index.ts";
import type { Ad } from "#gateway/api/content-types.ts";
import { encImageUrl } from "#server/content/media.ts";
import { ApiError, defineHandler, idInput } from "#server/http/registry.ts";

const id = idInput;

export const ads = defineHandler(home.ads, {
  auth: "guest",
  input: z.object({ position: z.string({ error: "缺少广告位" }).trim().min(1, "缺少广告位").max(32, "广告位无效") }),
  cacheMs: 10_000,
  async handle({ input, db, origin }) {
    const rows = (await db.all("SELECT id, title, image_seed, url, ratio FROM ads WHERE position = ? ORDER BY sort, id", [input.position])) as (Omit<Ad, "img_url"> & { image_seed: string })[];
    return {
      data: rows.map(({ image_seed, ...a }) => {
        const [w, h] = a.ratio.split("X").map(Number) as [number, number];
        return { ...a, img_url: encImageUrl(origin, image_seed, 750, Math.round((750 * h) / w), a.title) };
      }) satisfies Ad[],
    };
  },
});

export const adClick = defineHandler(home.adClick, {
  auth: "guest",
  input: z.object({ id: id("广告 id") }),
  async handle({ input, db }) {
    if ((await db.run("UPDATE ads SET clicks = clicks + 1 WHERE id = ?", [input.id])) !== 1) throw new ApiError(404, "广告不存在");
    return { data: { ok: true } };
  },
});

export const adHandlers = [ads, adClick];
