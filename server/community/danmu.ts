import { z } from "zod";
import { video } from "#gateway/api/index.ts";
import type { Danmu } from "#gateway/api/content-types.ts";
import { requireVideo } from "#server/content/video.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, idInput } from "#server/http/registry.ts";
import { requestIdField } from "#server/wallet/idempotency.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { HIDDEN_BY_REPORTS, SHOWN } from "./report-review.ts";
import { clock } from "#server/clock.ts";

// Bullet comments (弹幕, decision 082): words at a second of a video, listed by time window. Written by members and
// hidden by reports as comments are (decision 069): hidden, a bullet is listed to its author only; removed, to nobody.

const { MAX_DANMU, DANMU_WINDOW, DANMU_PER_WINDOW, DANMU_COLORS } = video;
/** How far into a video a bullet may sit when the video's length is not known, in seconds. */
export const DANMU_TIME_CAP = 24 * 3600;
/** A member sends at most this many bullets a minute. */
export const DANMU_PER_MINUTE = 20;

interface DanmuRow {
  id: number;
  time_s: number;
  content: string;
  color: string;
  user_id: number;
}

const toDanmu = (r: DanmuRow, viewer: number): Danmu => ({
  id: Number(r.id),
  time: Number(r.time_s),
  content: r.content,
  color: r.color,
  uid: Number(r.user_id),
  own: Number(r.user_id) === viewer ? 1 : 0,
});

const seconds = (what: string) => z.number({ error: `${what}应为秒数` }).min(0, `${what}不能为负数`).max(DANMU_TIME_CAP, `${what}不能超过 ${DANMU_TIME_CAP} 秒`);
const videoId = idInput("视频 id");

export async function listDanmu(db: DB, itemId: number, from: number, to: number, viewer: number): Promise<Danmu[]> {
  const rows = await db.all<DanmuRow>(
    `SELECT id, time_s, content, color, user_id FROM danmu
     WHERE item_id = @item AND time_s >= @from AND time_s < @to AND (hidden = @shown OR (hidden = @hidden AND user_id = @uid))
     ORDER BY time_s, id LIMIT @limit`,
    { item: itemId, from, to, shown: SHOWN, hidden: HIDDEN_BY_REPORTS, uid: viewer, limit: DANMU_PER_WINDOW },
  );
  return rows.map((r) => toDanmu(r, viewer));
}

export const danmuList = defineHandler(video.danmuList, {
  auth: "guest",
  input: z
    .object({ id: videoId, from: seconds("开始时间"), to: seconds("结束时间") })
    .refine((w) => w.to > w.from, "结束时间应晚于开始时间")
    .refine((w) => w.to - w.from <= DANMU_WINDOW, `时间窗口最长 ${DANMU_WINDOW} 秒`),
  async handle({ input, db, caller }) {
    // A video hidden by reports is its author's alone, its bullets too (decision 073).
    await requireVideo(db, input.id, caller.user.id);
    return { data: await listDanmu(db, input.id, input.from, input.to, caller.user.id) };
  },
});

/** Characters as a member counts them: an emoji is one. */
const length = (s: string) => [...s].length;

export const danmuSend = defineHandler(video.danmuSend, {
  auth: "member",
  input: z.object({
    id: videoId,
    time: seconds("弹幕时间"),
    content: z
      .string({ error: "请输入弹幕内容" })
      .trim()
      .refine((s) => length(s) >= 1, "请输入弹幕内容")
      .refine((s) => length(s) <= MAX_DANMU, `弹幕最多 ${MAX_DANMU} 个字`),
    color: z
      .string({ error: "弹幕颜色无效" })
      .trim()
      .toLowerCase()
      .refine((c) => (DANMU_COLORS as readonly string[]).includes(c), `弹幕颜色无效：应为 ${DANMU_COLORS.join("、")} 之一`)
      .optional()
      .default(DANMU_COLORS[0]),
    request_id: requestIdField,
  }),
  async handle({ input, db, caller }) {
    const uid = caller.user.id;
    const item = await requireVideo(db, input.id, uid);
    if (Number(item.duration) > 0 && input.time > Number(item.duration)) throw new ApiError(400, `弹幕时间超出视频时长（${item.duration} 秒）`);
    const id = await db.transaction(async (db) => {
      await oneAtATime(db, uid);
      const now = clock.now();
      const recent = Number(await db.value("SELECT COUNT(*) FROM danmu WHERE user_id = ? AND created_at > ?", [uid, now - 60_000]));
      if (recent >= DANMU_PER_MINUTE) throw new ApiError(429, "弹幕发送太频繁，请稍后再试");
      return await db.insert("INSERT INTO danmu (item_id, user_id, time_s, content, color, created_at) VALUES (?, ?, ?, ?, ?, ?)", [input.id, uid, input.time, input.content, input.color, now]);
    });
    return { msg: "弹幕已发送", data: toDanmu({ id, time_s: input.time, content: input.content, color: input.color, user_id: uid }, uid) };
  },
});

export const danmuHandlers = [danmuList, danmuSend];
