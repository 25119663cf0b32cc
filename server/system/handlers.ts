import { accounts, home, video } from "#gateway/api/index.ts";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { AppEntry, GlobalConfig, OpenAdsAndVersion } from "#gateway/api/types.ts";
import { PROTOCOL_VERSION } from "#gateway/config.ts";
import { CREATED_STATUS_PATHS } from "#gateway/api/contract.ts";
import { encImageUrl } from "#server/content/media.ts";
import { defineHandler, isoDate, paged, pageInput } from "#server/http/registry.ts";

let buildCache: { dir: string; mtime: number; id: string } | undefined;
function buildId(clientDir: string): string {
  const file = join(clientDir, "version.json");
  try {
    const mtime = statSync(file).mtimeMs;
    if (buildCache?.dir !== clientDir || buildCache.mtime !== mtime) {
      const id = String((JSON.parse(readFileSync(file, "utf8")) as { buildId?: unknown }).buildId ?? "");
      buildCache = { dir: clientDir, mtime, id };
    }
    return buildCache.id;
  } catch {
    return "";
  }
}

const tabs = (...names: [string, string][]) => names.map(([sort, name]) => ({ sort, name }));

export const getConfig = defineHandler(home.getConfig, {
  auth: "guest",
  input: z.object({}),
  handle({ settings, origin }): { data: GlobalConfig } {
    return {
      data: {
        site_name: "移动影音",
        customer_service: `${origin}/user/customer`,
        sort_tabs: {
          porn: tabs(["new", "最新"], ["hot", "最热"], ["recommend", "推荐"], ["hot_new", "热门新片"]),
          com: tabs(["new", "最新"], ["hot", "最热"]),
          picture: tabs(["new", "最新"], ["hot", "最热"]),
          post: tabs(["new", "最新"], ["hot", "热门"], ["essence", "精华"]),
          aw: tabs(["new", "最新"], ["hot", "最热"], ["recommend", "推荐"]),
        },
        img_upload_url: `${origin}/imgUpload.php`,
        upload_img_key: settings.uploadImgKey,
        img_domain: origin,
        videoUploadUrl: `${origin}/videoUpload.php`,
        uploadKey: settings.uploadVideoKey,
        created_status_paths: [...CREATED_STATUS_PATHS],
        build_id: buildId(settings.clientDir),
      },
    };
  },
});

export const getOpenAdsAndVersion = defineHandler(home.getOpenAdsAndVersion, {
  auth: "guest",
  input: z.object({}),
  async handle({ db, origin }): Promise<{ data: OpenAdsAndVersion }> {
    const ads = (await db.all("SELECT id, title, img_url, url, duration FROM open_ads ORDER BY sort, id")) as OpenAdsAndVersion["ads"];
    const notice = (await db.get("SELECT title, content FROM notices ORDER BY id DESC LIMIT 1")) as OpenAdsAndVersion["notice"] | undefined;
    return {
      data: {
        ads: ads.map((a) => ({ ...a, img_url: a.img_url.startsWith("/") ? `${origin}${a.img_url}` : a.img_url })),
        version: { version: PROTOCOL_VERSION, must_update: 0, url: origin, tips: "" },
        notice: notice ?? null,
      },
    };
  },
});

export const reportType = defineHandler(video.reportType, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  handle: async ({ db }) => ({ data: (await db.all("SELECT id, name FROM report_types ORDER BY sort, id")) }),
});

export const notice = defineHandler(accounts.notice, {
  auth: "guest",
  input: pageInput,
  cacheMs: 5_000,
  async handle({ input, db }) {
    const total = await db.value("SELECT COUNT(*) FROM notices") as number;
    const rows = await db.all<{ id: number; title: string; content: string; created_at: number }>("SELECT id, title, content, created_at FROM notices ORDER BY id DESC LIMIT ? OFFSET ?", [input.limit, (input.page - 1) * input.limit]);
    return { data: paged(rows.map((r) => ({ ...r, created_at: isoDate(r.created_at) })), input.page, input.limit, total) };
  },
});

export const getMsg = defineHandler(accounts.getMsg, {
  auth: "guest",
  input: pageInput,
  async handle({ input, db, caller }) {
    if (!caller.isMember) return { data: paged([], input.page, input.limit, 0) };
    const total = await db.value("SELECT COUNT(*) FROM messages WHERE user_id = ?", [caller.user.id]) as number;
    const rows = (await db.all("SELECT id, title, content, is_read, created_at FROM messages WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?", [caller.user.id, input.limit, (input.page - 1) * input.limit])) as {
      id: number;
      title: string;
      content: string;
      is_read: number;
      created_at: number;
    }[];
    // Shown is read, in this answer too (as msg_unread counts them from now on); is_new says which this answer
    // marked, so the screen can tell the member what is new without calling them 未读.
    const unread = rows.filter((r) => !r.is_read).map((r) => r.id);
    if (unread.length) await db.run("UPDATE messages SET is_read = 1 WHERE user_id = @uid AND id IN (@ids)", { uid: caller.user.id, ids: unread });
    const list = rows.map((r) => ({ ...r, is_read: 1, is_new: r.is_read ? 0 : 1, created_at: isoDate(r.created_at) }));
    return { data: paged(list, input.page, input.limit, total) };
  },
});

export const appCenter = defineHandler(home.appCenter, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  async handle({ db, origin }) {
    const rows = (await db.all("SELECT id, name, icon_seed, url, intro FROM app_center ORDER BY sort, id")) as { id: number; name: string; icon_seed: string; url: string; intro: string }[];
    return { data: rows.map(({ icon_seed, ...a }) => ({ ...a, icon: encImageUrl(origin, icon_seed, 96, 96, a.name) })) satisfies AppEntry[] };
  },
});

export const generalHandlers = [getConfig, getOpenAdsAndVersion, appCenter, reportType, notice, getMsg];
