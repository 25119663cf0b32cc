import { z } from "zod";
import { circle, services, video } from "#gateway/api/index.ts";
import { MAX_REPORT_TEXT } from "#gateway/api/video.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput } from "#server/http/registry.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { HIDDEN_BY_REPORTS, NOUNS, removedWords, REMOVED, SHOWN, WRITTEN, WRITTEN_TARGETS, type WrittenTarget } from "./report-review.ts";
import { clock } from "#server/clock.ts";

/** A report's words, for anything members report. */
export const reportText = z.string({ error: "说明应为文字" }).trim().max(MAX_REPORT_TEXT, `说明最多 ${MAX_REPORT_TEXT} 字`).optional().default("");

/**
 * One report per member and item (a headline, a dating listing): reporting it again (a double tap, a second thought)
 * changes the reason. True when it was reported before.
 */
export async function reportItem(db: DB, uid: number, itemId: number, typeId: number, content: string): Promise<boolean> {
  if (!(await db.get("SELECT 1 FROM report_types WHERE id = ?", [typeId]))) throw new ApiError(400, "举报类型无效");
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    const now = clock.now();
    const again = (await db.run("UPDATE reports SET type_id = ?, content = ?, created_at = ? WHERE user_id = ? AND target = 'item' AND item_id = ?", [typeId, content, now, uid, itemId])) > 0;
    if (!again) await db.run("INSERT INTO reports (user_id, item_id, type_id, content, created_at) VALUES (?, ?, ?, ?, ?)", [uid, itemId, typeId, content, now]);
    return again;
  });
}

const id = idInput;

// A video's own report call counts towards hiding it as `/api/system/report` does (decision 073).
export const report = defineHandler(video.report, {
  auth: "member",
  input: z.object({ id: id("视频 id"), type_id: id("举报类型"), content: reportText }),
  async handle({ input, db, caller }) {
    const again = await reportThing(db, caller.user.id, "video", input.id, input.type_id, input.content);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true } };
  },
});

/** Where a thing `/api/system/report` takes stands: its author, its review state, and how to change that state. */
function targetOf(kind: services.ReportTarget, id: number) {
  if ((WRITTEN_TARGETS as readonly string[]).includes(kind)) {
    const w = WRITTEN[kind as WrittenTarget];
    const person = kind === "member" ? " AND (phone IS NOT NULL OR is_creator = 1)" : "";
    return {
      target: kind,
      find: `SELECT ${w.author} AS author, ${w.hidden} AS hidden FROM ${w.table} WHERE id = ?${person}`,
      params: [id] as unknown[],
      lock: `UPDATE ${w.table} SET ${w.hidden} = ${w.hidden} WHERE id = ?`,
      hide: `UPDATE ${w.table} SET ${w.hidden} = ?, ${w.hiddenAt} = ? WHERE id = ? AND ${w.hidden} = ?`,
    };
  }
  return {
    target: "item",
    find: "SELECT creator_id AS author, hidden FROM items WHERE id = ? AND kind = ?",
    params: [id, kind] as unknown[],
    lock: "UPDATE items SET hidden = hidden WHERE id = ?",
    hide: "UPDATE items SET hidden = ?, hidden_at = ? WHERE id = ? AND hidden = ?",
  };
}

const MISSING: Record<services.ReportTarget, string> = {
  comment: "评论不存在或已删除",
  review: "评价不存在或已删除",
  member: "用户不存在",
  novel: "小说不存在或已下架",
  picture: "图集不存在或已下架",
  audio: "有声书不存在或已下架",
  game: "游戏不存在或已下架",
  news: "文章不存在或已下架",
  video: "视频不存在或已下架",
  comic: "漫画不存在或已下架",
  danmu: "弹幕不存在或已删除",
};

/**
 * Reports what `/api/system/report` takes (decision 069): one report per member and thing, as for items; the
 * `REPORTS_TO_HIDE`th member with an open report hides it until an operator reviews it (decision 050's rule). The
 * thing's row is locked (after the member's), so concurrent reporters on PostgreSQL count one after another.
 */
export async function reportThing(db: DB, uid: number, kind: services.ReportTarget, id: number, typeId: number, content: string): Promise<boolean> {
  if (!(await db.get("SELECT 1 FROM report_types WHERE id = ?", [typeId]))) throw new ApiError(400, "举报类型无效");
  const t = targetOf(kind, id);
  return await db.transaction(async (db) => {
    await oneAtATime(db, uid);
    await db.run(t.lock, [id]);
    const row = await db.get<{ author: number | null; hidden: number }>(t.find, t.params);
    if (!row) throw new ApiError(404, MISSING[kind]);
    if (Number(row.hidden) === REMOVED) throw new ApiError(404, removedWords(kind));
    if (row.author !== null && Number(row.author) === uid) throw new ApiError(400, kind === "member" ? "不能举报自己" : `不能举报自己的${NOUNS[kind]}`);
    const now = clock.now();
    const again = (await db.run("UPDATE reports SET type_id = ?, content = ?, created_at = ? WHERE user_id = ? AND target = ? AND item_id = ?", [typeId, content, now, uid, t.target, id])) > 0;
    if (!again) await db.run("INSERT INTO reports (user_id, item_id, target, type_id, content, created_at) VALUES (?, ?, ?, ?, ?, ?)", [uid, id, t.target, typeId, content, now]);
    const reporters = (await db.value<number>("SELECT COUNT(DISTINCT user_id) FROM reports WHERE target = ? AND item_id = ? AND reviewed_at = 0", [t.target, id]))!;
    if (Number(reporters) >= circle.REPORTS_TO_HIDE) await db.run(t.hide, [HIDDEN_BY_REPORTS, now, id, SHOWN]);
    return again;
  });
}

export const reportAny = defineHandler(services.report, {
  auth: "member",
  input: z.object({
    kind: z.enum(services.REPORT_TARGETS, { error: `举报对象无效：应为 ${services.REPORT_TARGETS.join("、")} 之一` }),
    id: id("举报对象 id"),
    type_id: id("举报类型"),
    content: reportText,
  }),
  async handle({ input, db, caller }) {
    const again = await reportThing(db, caller.user.id, input.kind, input.id, input.type_id, input.content);
    return { msg: again ? "举报已更新" : "举报已提交", data: { ok: true as const } };
  },
});

export const reportHandlers = [report, reportAny];
