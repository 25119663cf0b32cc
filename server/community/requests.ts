import { z } from "zod";
import { video } from "#gateway/api/index.ts";
import { requireVideo, videoId } from "#server/content/video.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler, idInput } from "#server/http/registry.ts";

// Want-this-video requests ("求片").

const id = idInput;

async function findState(db: DB, uid: number, itemId: number) {
  const count = await db.value("SELECT COUNT(*) FROM find_requests WHERE item_id = ?", [itemId]) as number;
  const requested = (await db.get("SELECT 1 FROM find_requests WHERE item_id = ? AND user_id = ?", [itemId, uid])) ? 1 : 0;
  return { requested, count };
}

export const checkFind = defineHandler(video.checkFind, {
  auth: "guest",
  input: videoId,
  async handle({ input, db, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    return { data: await findState(db, caller.user.id, input.id) };
  },
});

export const requestFind = defineHandler(video.requestFind, {
  auth: "member",
  input: z.object({ id: id("视频 id"), content: z.string({ error: "说明应为文字" }).trim().max(video.MAX_WANT_TEXT, `说明最多 ${video.MAX_WANT_TEXT} 字`).optional().default("") }),
  async handle({ input, db, caller }) {
    await requireVideo(db, input.id, caller.user.id);
    await db.run("INSERT INTO find_requests (user_id, item_id, content, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", [caller.user.id, input.id, input.content, Date.now()]);
    return { msg: "求片成功，我们会尽快处理", data: await findState(db, caller.user.id, input.id) };
  },
});

export const requestHandlers = [checkFind, requestFind];
