import { z } from "zod";
import { resources, video } from "#gateway/api/index.ts";
import { VIDEO_FINISHED, type Progress } from "#gateway/api/resources.ts";
import { pageOfCallersVideos, requireVideo } from "#server/content/video.ts";
import { ApiError, defineHandler, idInput, intInput, pageInput } from "#server/http/registry.ts";
import { requestIdField } from "#server/wallet/idempotency.ts";
import { clock } from "#server/clock.ts";

// Reading, listening and watching progress that follows the member to another device (decisions 041, 081): one
// row per member and item, and the newer `updated_at` (the device's clock when the member was there) wins. A
// video's position is in seconds, with the length the player knew, and its rows are the member's watch history.

const itemId = idInput("内容 id");

interface ProgressRow {
  item_id: number;
  unit_id: number;
  position: number;
  duration: number;
  updated_at: number;
  kind: string;
}

const isFinished = (position: number, duration: number) => duration > 0 && position >= duration * VIDEO_FINISHED;

function toProgress(row: ProgressRow): Progress {
  const p = { item_id: Number(row.item_id), unit_id: Number(row.unit_id), position: Number(row.position), updated_at: Number(row.updated_at) };
  if (row.kind !== "video") return p;
  const duration = Number(row.duration);
  return { ...p, duration, finished: isFinished(p.position, duration) };
}

const PROGRESS_SELECT = "SELECT p.item_id, p.unit_id, p.position, p.duration, p.updated_at, i.kind FROM progress p JOIN items i ON i.id = p.item_id WHERE p.user_id = ? AND p.item_id = ?";

export const progress = defineHandler(resources.progress, {
  auth: "member",
  input: z.object({ item_id: itemId }),
  async handle({ input, db, caller }) {
    const row = await db.get<ProgressRow>(PROGRESS_SELECT, [caller.user.id, input.item_id]);
    return { data: row ? toProgress(row) : null };
  },
});

// A device clock more than a day ahead is not believed: it would win over every later save.
const FUTURE_SLACK_MS = 86_400_000;
/** The longest video a position or length may describe, in seconds. */
export const MAX_VIDEO_SECONDS = 24 * 3600;
// A player's last position can pass the length it read by a frame or two.
const END_SLACK_S = 1;

export const saveProgress = defineHandler(resources.saveProgress, {
  auth: "member",
  input: z.object({
    item_id: itemId,
    unit_id: intInput("章节 id 无效", { min: 0 }),
    position: z.number({ error: "位置应为数字" }).min(0, "位置应为非负数").max(1e7, "位置过大"),
    updated_at: intInput("时间无效", { min: 0 }),
    duration: z.number({ error: "时长应为数字" }).min(0, "时长应为非负数").max(MAX_VIDEO_SECONDS, `时长不能超过 ${MAX_VIDEO_SECONDS} 秒`).optional().default(0),
  }),
  async handle({ input, db, caller }) {
    const item = await db.get<{ kind: string }>("SELECT kind FROM items WHERE id = ? AND kind IN ('comic', 'novel', 'picture', 'audio', 'game', 'video')", [input.item_id]);
    if (!item) throw new ApiError(404, "内容不存在或已下架");
    const isVideo = item.kind === "video";
    if (isVideo) {
      await requireVideo(db, input.item_id, caller.user.id);
      const problems = [
        input.unit_id !== 0 && "视频的 unit_id 应为 0",
        input.position > MAX_VIDEO_SECONDS && `位置不能超过 ${MAX_VIDEO_SECONDS} 秒`,
        input.duration > 0 && input.position > input.duration + END_SLACK_S && "位置超出视频时长",
      ].filter((p) => p !== false);
      if (problems.length) throw new ApiError(400, problems.join("；"));
    }
    const updatedAt = Math.min(input.updated_at, clock.now() + FUTURE_SLACK_MS);
    await db.run(
      `INSERT INTO progress (user_id, item_id, unit_id, position, duration, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, item_id) DO UPDATE SET unit_id = excluded.unit_id, position = excluded.position, duration = excluded.duration, updated_at = excluded.updated_at
       WHERE excluded.updated_at > progress.updated_at`,
      [caller.user.id, input.item_id, input.unit_id, input.position, isVideo ? input.duration : 0, updatedAt],
    );
    return { data: toProgress((await db.get<ProgressRow>(PROGRESS_SELECT, [caller.user.id, input.item_id]))!) };
  },
});

export const history = defineHandler(video.history, {
  auth: "member",
  input: pageInput,
  async handle(ctx) {
    const page = await pageOfCallersVideos(ctx, "JOIN progress wp ON wp.item_id = i.id AND wp.user_id = @uid", "wp.updated_at DESC, i.id DESC");
    const ids = page.list.map((v) => v.id);
    const rows = ids.length ? await ctx.db.all<ProgressRow>("SELECT item_id, position, duration, updated_at FROM progress WHERE user_id = @uid AND item_id IN (@ids)", { uid: ctx.caller.user.id, ids }) : [];
    const at = new Map(rows.map((r) => [Number(r.item_id), r]));
    const list = page.list.map((v) => {
      const r = at.get(v.id)!;
      const [position, duration] = [Number(r.position), Number(r.duration)];
      return { ...v, progress: { position, duration, finished: isFinished(position, duration), updated_at: Number(r.updated_at) } };
    });
    return { data: { ...page, list } };
  },
});

export const clearHistory = defineHandler(video.clearHistory, {
  auth: "member",
  input: z.object({ request_id: requestIdField }),
  async handle({ db, caller }) {
    await db.run("DELETE FROM progress WHERE user_id = ? AND item_id IN (SELECT id FROM items WHERE kind = 'video')", [caller.user.id]);
    return { msg: "观看历史已清空", data: { ok: true as const } };
  },
});
