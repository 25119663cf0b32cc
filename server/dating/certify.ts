import { z } from "zod";
import { dating } from "#gateway/api/index.ts";
import type { ApplicationStatus, DatingApplication } from "#gateway/api/dating.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, defineHandler, isoDate } from "#server/http/registry.ts";
import { datingAreas } from "./listings.ts";
import { imageAddresses, uploadedImages } from "./reviews.ts";
import { clock } from "#server/clock.ts";

/** The price a listing published from an approved application starts at (coins). */
export const CERTIFIED_LISTING_PRICE = 30;

const PAGE = {
  title: "官方认证",
  content: "通过官方认证的信息会带有「官方认证」标识，并在列表中优先展示。平台会核实申请人提交的资料，审核通常在 1–3 个工作日内完成，结果会在本页显示。",
  terms: [
    "申请人须年满 18 周岁，并确认信息主体本人知情并同意发布。",
    "所填姓名、手机号、地区和地址须真实有效，仅用于审核，不会公开展示。",
    "照片须为本人近照，不得使用他人照片，不得含有违法或不当内容。",
    "被多名会员举报的信息会暂时隐藏，待平台复核后再决定是否恢复。",
  ],
};

interface ApplicationRow {
  id: number;
  name: string;
  phone: string;
  area_id: number;
  area: string;
  address: string;
  images: string;
  status: ApplicationStatus;
  reason: string;
  created_at: number;
}

const APPLICATION_SELECT = `SELECT d.id, d.name, d.phone, d.area_id, a.name AS area, d.address, d.images, d.status, d.reason, d.created_at
  FROM dating_applications d JOIN dating_areas a ON a.id = d.area_id`;

const toApplication = (origin: string, r: ApplicationRow): DatingApplication => ({ ...r, images: imageAddresses(origin, r.images), created_at: isoDate(r.created_at) });

async function latestApplication(db: DB, origin: string, uid: number): Promise<DatingApplication | null> {
  const row = await db.get<ApplicationRow>(`${APPLICATION_SELECT} WHERE d.user_id = ? ORDER BY d.id DESC LIMIT 1`, [uid]);
  return row ? toApplication(origin, row) : null;
}

export const pageJoinUs = defineHandler(dating.pageJoinUs, {
  auth: "guest",
  input: z.object({}),
  handle: async ({ db, origin, caller }) => ({
    data: { ...PAGE, areas: await datingAreas(db), application: caller.isMember ? await latestApplication(db, origin, caller.user.id) : null },
  }),
});

// The fields are checked by `applicationProblems` (the product's messages, shared with the app); zod only
// takes them as they come.
const loose = z.unknown().optional();

export const joinUs = defineHandler(dating.joinUs, {
  auth: "member",
  input: z.object({ name: loose, phone: loose, area_id: loose, address: loose, adult: loose, consent: loose, images: uploadedImages(dating.MAX_APPLICATION_IMAGES) }),
  async handle({ input, db, origin, caller }) {
    const problems = dating.applicationProblems(input);
    if (Object.keys(problems).length) throw new ApiError(400, Object.values(problems).join("；"));
    const areaId = Number(input.area_id);
    if (!(await db.get("SELECT 1 FROM dating_areas WHERE id = ?", [areaId]))) throw new ApiError(400, "请选择地区");
    const uid = caller.user.id;
    const id = await db.transaction(async (db) => {
      // One application at a time: the member's row is the lock (a double tap sends two).
      await db.get(`SELECT id FROM users WHERE id = ?${db.forUpdate}`, [uid]);
      const last = await db.get<{ status: ApplicationStatus }>("SELECT status FROM dating_applications WHERE user_id = ? ORDER BY id DESC LIMIT 1", [uid]);
      if (last?.status === "submitted") throw new ApiError(400, "你的认证申请正在审核中，请耐心等待");
      if (last?.status === "approved") throw new ApiError(400, "你已通过官方认证");
      return await db.insert("INSERT INTO dating_applications (user_id, name, phone, area_id, address, images, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?)", [
        uid,
        String(input.name).trim(),
        String(input.phone).trim(),
        areaId,
        String(input.address).trim(),
        JSON.stringify(input.images),
        clock.now(),
      ]);
    });
    const row = (await db.get<ApplicationRow>(`${APPLICATION_SELECT} WHERE d.id = ?`, [id]))!;
    return { msg: "认证申请已提交，我们会尽快审核", data: toApplication(origin, row) };
  },
});

/**
 * The platform's decision on an application (for the operator: no call of the app). Approved, the member's
 * listing is certified; a member without one gets a listing made from the application, its contact the
 * application's phone. Rejected, the reason is shown on the certification screen and the member may apply again.
 */
export async function reviewApplication(db: DB, applicationId: number, decision: { approve: true } | { approve: false; reason: string }): Promise<void> {
  await db.transaction(async (db) => {
    const app = await db.get<{ user_id: number; name: string; phone: string; area_id: number; images: string }>(
      "SELECT user_id, name, phone, area_id, images FROM dating_applications WHERE id = ? AND status = 'submitted'",
      [applicationId],
    );
    if (!app) throw new Error(`no application ${applicationId} waiting for review`);
    const now = clock.now();
    await db.run("UPDATE dating_applications SET status = ?, reason = ?, reviewed_at = ? WHERE id = ?", [
      decision.approve ? "approved" : "rejected",
      decision.approve ? "" : decision.reason,
      now,
      applicationId,
    ]);
    if (!decision.approve) return;
    const own = await db.value<number>("SELECT i.id FROM items i JOIN dating_listings l ON l.item_id = i.id WHERE i.kind = 'dating' AND i.creator_id = ?", [app.user_id]);
    if (own) {
      await db.run("UPDATE dating_listings SET certified = 1 WHERE item_id = ?", [own]);
      return;
    }
    const images = JSON.parse(app.images) as string[];
    const itemId = await db.insert("INSERT INTO items (kind, section, title, description, cover_seed, cover_ratio, creator_id, coins, created_at) VALUES ('dating', '', ?, ?, ?, '3X4', ?, ?, ?)", [
      app.name,
      "官方认证信息，欢迎联系。",
      images[0] ?? `dating-app-${applicationId}`,
      app.user_id,
      CERTIFIED_LISTING_PRICE,
      now,
    ]);
    await db.run("INSERT INTO dating_listings (item_id, area_id, age, contact, certified) VALUES (?, ?, 0, ?, 1)", [itemId, app.area_id, app.phone]);
    for (const [seq, src] of images.entries()) await db.run("INSERT INTO item_images (item_id, seq, seed, ratio) VALUES (?, ?, ?, '3X4')", [itemId, seq, src]);
  });
}

export const certifyHandlers = [pageJoinUs, joinUs];
