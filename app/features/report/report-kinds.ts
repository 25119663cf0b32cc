import { comics, dating, home, services, video, type ReportType } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";
import { loadReportTypes } from "#app/lib/session.ts";

type ReportInput = { id: number; type_id: number; content?: string };

/**
 * The calls behind reporting one kind of thing: a call of its own, or `/api/system/report` with its `target`
 * (decision 069). Either is a shown call: the gateway says how it went (举报已提交, or 举报已更新 for a second report).
 */
export type ReportCalls = {
  /** The reasons a member picks from. */
  reasons: () => Promise<ReportType[]>;
  /** The longest reason in words (characters). */
  maxLength: number;
} & ({ report: Endpoint<ReportInput, { ok: true }, { ok: true }> } | { report: typeof services.report; target: services.ReportTarget });

const generic = (target: services.ReportTarget) => ({ report: services.report, target, reasons: loadReportTypes, maxLength: video.MAX_REPORT_TEXT });

/** Every kind of item members report; a new kind is one entry. */
export const REPORT_KINDS = {
  video: { report: video.report, reasons: loadReportTypes, maxLength: video.MAX_REPORT_TEXT },
  comic: { report: comics.report, reasons: loadReportTypes, maxLength: video.MAX_REPORT_TEXT },
  dating: { report: dating.report, reasons: loadReportTypes, maxLength: dating.MAX_REPORT_TEXT },
  // A circle post or a headline: both are reported through /api/wei/report.
  post: { report: home.reportHeadline, reasons: loadReportTypes, maxLength: video.MAX_REPORT_TEXT },
  // What members write, and the catalogue's other kinds: one call with a kind.
  comment: generic("comment"),
  review: generic("review"),
  member: generic("member"),
  novel: generic("novel"),
  picture: generic("picture"),
  audio: generic("audio"),
  game: generic("game"),
  news: generic("news"),
  danmu: generic("danmu"),
} satisfies Record<string, ReportCalls>;

export type ReportKind = keyof typeof REPORT_KINDS;
