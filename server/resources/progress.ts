import { z } from "zod";
import { resources } from "#gateway/api/index.ts";
import { ApiError, defineHandler, idInput, intInput } from "#server/http/registry.ts";
import { clock } from "#server/clock.ts";

// Reading and listening progress that follows the member to another device (decision 041): one row per member
// and item, and the newer `updated_at` (the device's clock when the member was there) wins.

const itemId = idInput("内容 id");

interface ProgressRow {
  item_id: number;
  unit_id: number;
  position: number;
  updated_at: number;
}

const toProgress = (row: ProgressRow) => ({ item_id: Number(row.item_id), unit_id: Number(row.unit_id), position: Number(row.position), updated_at: Number(row.updated_at) });

export const progress = defineHandler(resources.progress, {
  auth: "member",
  input: z.object({ item_id: itemId }),
  async handle({ input, db, caller }) {
    const row = await db.get<ProgressRow>("SELECT item_id, unit_id, position, updated_at FROM progress WHERE user_id = ? AND item_id = ?", [caller.user.id, input.item_id]);
    return { data: row ? toProgress(row) : null };
  },
});

// A device clock more than a day ahead is not believed: it would win over every later save.
const FUTURE_SLACK_MS = 86_400_000;

export const saveProgress = defineHandler(resources.saveProgress, {
  auth: "member",
  input: z.object({
    item_id: itemId,
    unit_id: intInput("章节 id 无效", { min: 0 }),
    position: z.number({ error: "位置应为数字" }).min(0, "位置应为非负数").max(1e7, "位置过大"),
    updated_at: intInput("时间无效", { min: 0 }),
  }),
  async handle({ input, db, caller }) {
    if (!(await db.get("SELECT 1 FROM items WHERE id = ? AND kind IN ('comic', 'novel', 'picture', 'audio', 'game')", [input.item_id]))) {
      throw new ApiError(404, "内容不存在或已下架");
    }
    const updatedAt = Math.min(input.updated_at, clock.now() + FUTURE_SLACK_MS);
    await db.run(
      `INSERT INTO progress (user_id, item_id, unit_id, position, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, item_id) DO UPDATE SET unit_id = excluded.unit_id, position = excluded.position, updated_at = excluded.updated_at
       WHERE excluded.updated_at > progress.updated_at`,
      [caller.user.id, input.item_id, input.unit_id, input.position, updatedAt],
    );
    const row = (await db.get<ProgressRow>("SELECT item_id, unit_id, position, updated_at FROM progress WHERE user_id = ? AND item_id = ?", [caller.user.id, input.item_id]))!;
    return { data: toProgress(row) };
  },
});
