import { HIDDEN_BY_REPORTS, REMOVED, SHOWN, TAKEN_DOWN } from "#server/community/report-review.ts";

/** The kinds an operator publishes (`items.kind`). */
export const CONTENT_KINDS = ["video", "comic", "novel", "audio", "picture", "news"] as const;

/** `items.hidden` in the operator's words. */
export function stateOf(hidden: number): string {
  switch (Number(hidden)) {
    case SHOWN:
      return "listed";
    case HIDDEN_BY_REPORTS:
      return "hidden by reports";
    case REMOVED:
      return "removed after reports";
    case TAKEN_DOWN:
      return "taken down";
    default:
      return `state ${hidden}`;
  }
}
