import { z } from "zod";
import { video } from "#gateway/api/index.ts";
import { MAX_REPORT_TEXT } from "#gateway/api/video.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput } from "#server/http/registry.ts";
import { oneAtATime } from "./one-at-a-time.ts";

/** A report's words, for a video or a headline. */
export const reportText = z.string({ error: "说明应为文字" }).trim().max(MAX_REPORT_TEXT, `说明最多 ${MAX_REPORT_TEXT} 字`).optional().default("");

/**
 * One report per member and item (a video, a headline): reporting it again (a double tap, a second thought)
 * changes the reason. True when it was reported before.
 */
export async function reportItem(db: DB, uid: number, itemId: number, typeId: number, content: string): Promise<boolean> {
  if (!(await db.get("SELECT 1 FROM report_types WHERE id = ?", [typeId]))) throw new ApiError(400, "举报类型无效");
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    const now = Date.now();
    const again = (await db.run("UPDATE reports SET type_id = ?, content = ?, created_at = ? WHERE user_id = ? AND item_id = ?", [typeId, content, now, uid, itemId])) > 0;
    if (!again) await db.run("INSERT INTO reports (user_id, item_id, type_id, content, created_at) VALUES (?, ?, ?, ?, ?)", [uid, itemId, typeId, content, now]);
    return again;
  });
}

const id = idInput;

export const report = defineHandler(video.report, {
  auth: "member",
  input: z.object({ id: id("视频 id"), type_id: id("举报类型"), content: reportText }),
  async handle({ input, db, caller }) {
    if (!(await db.get("SELECT 1 FROM items WHERE id = ? AND kind = 'video'", [input.id]))) throw new ApiError(404, "视频不存在或已下架");
    const again = await reportItem(db, caller.user.id, input.id, input.type_id, input.content);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true } };
  },
});

export const reportHandlers = [report];
