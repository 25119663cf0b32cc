import { useEffect, useState } from "react";
import { newRequestId } from "#gateway/client.ts";

/** Fields as one string whatever the order their keys were written in. */
function fieldsKey(fields: unknown): string {
  return JSON.stringify(fields, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/**
 * The `request_id` of a form's submissions (decision 058). The gateway answers a repeated id with its first
 * answer, so one id names one submission: the same fields sent again (a double tap, a resend after a lost
 * answer, or after an edit that was undone) keep it; other fields get another, and whatever is sent after a
 * success is a new submission.
 */
export class Submission {
  #ids = new Map<string, string>();

  /** The id to send `fields` with now. */
  idFor(fields: unknown): string {
    const key = fieldsKey(fields);
    let id = this.#ids.get(key);
    if (!id) this.#ids.set(key, (id = newRequestId()));
    return id;
  }

  /** The submission went through: the next one is new, even with the same fields. */
  done(): void {
    this.#ids.clear();
  }
}

/**
 * A form's submission, for as long as the form is mounted. `succeeded` is the answer of a submission that went
 * through (a fetcher's data, an action's answer): each new one ends the submission. A kept-alive screen shown
 * again runs this once more for the same answer, which only renews an id nothing was sent with.
 */
export function useSubmission(succeeded?: unknown): Submission {
  const [submission] = useState(() => new Submission());
  useEffect(() => {
    if (succeeded) submission.done();
  }, [submission, succeeded]);
  return submission;
}
