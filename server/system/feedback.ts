import { z } from "zod";
import { accounts } from "#gateway/api/index.ts";
import type { Feedback } from "#gateway/api/types.ts";
import { defineHandler, isoDate, paged, pageInput } from "#server/http/registry.ts";
import { clock } from "#server/clock.ts";

const { FEEDBACK_LENGTH, MAX_FEEDBACK_IMAGES } = accounts;

/**
 * An image uploaded through `/imgUpload.php`: the stored path it answered, or that path behind the `img_domain`
 * the client puts in front of it.
 */
export const uploadedImage = z
  .string({ error: "图片地址无效" })
  .trim()
  .max(500, "图片地址无效")
  .regex(/^(?:https?:\/\/[^/\s"'<>]+)?\/uploads\/images\/[\w/.-]+$/, "图片应为上传后的地址");

/** Stored image paths (a JSON list) as addresses the client can load. */
export const imageList = (origin: string, stored: string): string[] => (JSON.parse(stored) as string[]).map((src) => (src.startsWith("/") ? `${origin}${src}` : src));

/** The caller's feedback, newest first, with the replies. */
export const feedback = defineHandler(accounts.feedback, {
  auth: "member",
  input: pageInput,
  async handle({ input, db, origin, caller }) {
    const total = await db.value("SELECT COUNT(*) FROM feedback WHERE user_id = ?", [caller.user.id]) as number;
    const rows = (await db.all("SELECT id, content, images, reply, replied_at, created_at FROM feedback WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?", [caller.user.id, input.limit, (input.page - 1) * input.limit])) as { id: number; content: string; images: string; reply: string; replied_at: number | null; created_at: number }[];
    const list: Feedback[] = rows.map((r) => ({
      id: r.id,
      content: r.content,
      images: imageList(origin, r.images),
      reply: r.reply,
      replied_at: r.replied_at === null ? null : isoDate(r.replied_at),
      created_at: isoDate(r.created_at),
    }));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const feeding = defineHandler(accounts.feeding, {
  auth: "member",
  input: z.object({
    content: z
      .string({ error: "请输入反馈内容" })
      .trim()
      .min(FEEDBACK_LENGTH.min, `反馈内容至少 ${FEEDBACK_LENGTH.min} 个字`)
      .max(FEEDBACK_LENGTH.max, `反馈内容最多 ${FEEDBACK_LENGTH.max} 个字`),
    images: z.array(uploadedImage, { error: "images 应为图片地址列表" }).max(MAX_FEEDBACK_IMAGES, `最多 ${MAX_FEEDBACK_IMAGES} 张图片`).optional().default([]),
  }),
  async handle({ input, db, caller }) {
    const id = (await db.insert("INSERT INTO feedback (user_id, content, images, created_at) VALUES (?, ?, ?, ?)", [caller.user.id, input.content, JSON.stringify(input.images), clock.now()]));
    return { msg: "反馈已提交，我们会尽快回复", data: { id: Number(id) } };
  },
});

export const feedbackHandlers = [feedback, feeding];
