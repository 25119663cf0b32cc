import { comics, dating, home, video, type ReportType } from "#gateway/api/index.ts";
import type { Endpoint } from "#gateway/client.ts";
import { loadReportTypes } from "#app/lib/session.ts";

/** The calls behind reporting one kind of item. */
export interface ReportCalls {
  /** A shown call: the gateway says how it went (举报已提交, or 举报已更新 for a second report). */
  report: Endpoint<{ id: number; type_id: number; content?: string }, { ok: true }, { ok: true }>;
  /** The reasons a member picks from. */
  reasons: () => Promise<ReportType[]>;
  /** The longest reason in words (characters). */
  maxLength: number;
}

/** Every kind of item members report; a new kind is one entry. */
export const REPORT_KINDS = {
  video: { report: video.report, reasons: loadReportTypes, maxLength: video.MAX_REPORT_TEXT },
  comic: { report: comics.report, reasons: loadReportTypes, maxLength: video.MAX_REPORT_TEXT },
  dating: { report: dating.report, reasons: loadReportTypes, maxLength: dating.MAX_REPORT_TEXT },
  // A circle post or a headline: both are reported through /api/wei/report.
  post: { report: home.reportHeadline, reasons: loadReportTypes, maxLength: video.MAX_REPORT_TEXT },
} satisfies Record<string, ReportCalls>;

export type ReportKind = keyof typeof REPORT_KINDS;
