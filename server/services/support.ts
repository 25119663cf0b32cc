import { z } from "zod";
import { services } from "#gateway/api/index.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, intInput, isoDate } from "#server/http/registry.ts";
import { imageList, uploadedImage } from "#server/system/feedback.ts";
import { clock } from "#server/clock.ts";

// The member's conversation with support (decision 039): stored lines, read by polling.

const { MAX_SUPPORT_MESSAGE, MAX_SUPPORT_IMAGES, SUPPORT_HISTORY } = services;
/** How often the open conversation asks for newer lines. */
export const SUPPORT_POLL_MS = 3_000;
const MAX_NEWER = 100;

interface Row {
  id: number;
  from_staff: number;
  content: string;
  images: string;
  created_at: number;
}

const COLUMNS = "id, from_staff, content, images, created_at";
const toMessage = (origin: string, r: Row): services.SupportMessage => ({
  id: r.id,
  from_staff: r.from_staff ? 1 : 0,
  content: r.content,
  images: imageList(origin, r.images),
  created_at: isoDate(r.created_at),
});

/** The latest lines of a member's conversation, or the ones after `afterId`; oldest first. */
export async function conversation(db: DB, userId: number, afterId?: number): Promise<Row[]> {
  if (afterId !== undefined) {
    return await db.all<Row>(`SELECT ${COLUMNS} FROM support_messages WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?`, [userId, afterId, MAX_NEWER]);
  }
  const rows = await db.all<Row>(`SELECT ${COLUMNS} FROM support_messages WHERE user_id = ? ORDER BY id DESC LIMIT ?`, [userId, SUPPORT_HISTORY]);
  return rows.reverse();
}

/** Adds a line to a member's conversation: theirs, or the staff's reply. */
export async function addSupportMessage(db: DB, userId: number, fromStaff: boolean, content: string, images: string[] = []): Promise<Row> {
  const now = clock.now();
  const id = await db.insert("INSERT INTO support_messages (user_id, from_staff, content, images, created_at) VALUES (?, ?, ?, ?, ?)", [userId, fromStaff ? 1 : 0, content, JSON.stringify(images), now]);
  return { id, from_staff: fromStaff ? 1 : 0, content, images: JSON.stringify(images), created_at: now };
}

export const customerMessages = defineHandler(services.customerMessages, {
  auth: "member",
  input: z.object({ after_id: intInput("after_id 应为非负整数", { min: 0 }).optional() }),
  async handle({ input, db, origin, caller }) {
    const rows = await conversation(db, caller.user.id, input.after_id);
    return { data: { list: rows.map((r) => toMessage(origin, r)), poll_ms: SUPPORT_POLL_MS } satisfies services.SupportThread };
  },
});

export const customerSend = defineHandler(services.customerSend, {
  auth: "member",
  input: z.object({
    content: z.string({ error: "消息应为文字" }).trim().max(MAX_SUPPORT_MESSAGE, `消息最多 ${MAX_SUPPORT_MESSAGE} 个字`).optional().default(""),
    images: z.array(uploadedImage, { error: "images 应为图片地址列表" }).max(MAX_SUPPORT_IMAGES, `最多 ${MAX_SUPPORT_IMAGES} 张图片`).optional().default([]),
  }),
  async handle({ input, db, origin, caller }) {
    if (!input.content && !input.images.length) throw new ApiError(400, "请输入消息内容或选择图片");
    return { data: toMessage(origin, await addSupportMessage(db, caller.user.id, false, input.content, input.images)) };
  },
});

export const supportHandlers = [customerMessages, customerSend];
