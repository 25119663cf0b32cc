import { createHash } from "node:crypto";
import { z } from "zod";
import { isUniqueViolation } from "#server/db/database.ts";
import type { DB } from "#server/db/index.ts";
import { ApiError, type Caller } from "#server/http/registry.ts";
import { clock } from "#server/clock.ts";

// Writes done once per request_id (the endpoints marked `repeat: "request_id"`, docs/protocol.md §5): a call the
// client sends again, on this line or another line of the same database, answers the first answer and does
// nothing more (decision 035).

export const MAX_REQUEST_ID = 64;
/** A call's optional `request_id` field ("" when absent), for the handlers' input schemas. */
export const requestIdField = z.string({ error: "request_id 应为文字" }).max(MAX_REQUEST_ID, `request_id 最长 ${MAX_REQUEST_ID} 个字符`).optional().default("");
/** How long a first answer is kept: far longer than a client waits before it repeats a call. */
export const REQUEST_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;

/** A request id from a call's fields: "" when there is none; refused when it is not short text. */
export function requestIdOf(fields: Record<string, unknown>): string {
  const id = fields.request_id;
  if (id === undefined || id === null || id === "") return "";
  if (typeof id !== "string" || id.length > MAX_REQUEST_ID) throw new ApiError(400, `request_id 应为不超过 ${MAX_REQUEST_ID} 个字符的文字`);
  return id;
}

/** A repeat whose fields differ from its first request's: refused, and nothing is done (docs/protocol.md §5). */
export const REUSED_REQUEST_ID = { status: 422, msg: "提交未执行：这个 request_id 已用于内容不同的另一次提交，请重新提交" } as const;

/**
 * What a request asks for, as one hash: the call's input as its handler reads it (parsed: numbers and trimmed
 * text in one spelling, fields the handler does not take left out), keys in order, without the `request_id`.
 * Identity (`system_*`), the envelope's timestamp and sign are not in it: the caller is part of the key already,
 * and a resend may carry a fresher token, build or timestamp (decision 065).
 */
export function fieldsHashOf(input: unknown): string {
  const { request_id: _, ...rest } = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const text = JSON.stringify(rest, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
  return createHash("sha256").update(text).digest("hex");
}

/** Whose request id it is: a member's, or a device's before it has one (a registration). */
const callerKey = (caller: Caller) => (caller.isMember ? `u${caller.user.id}` : `d${caller.oauthId}`);

/**
 * Runs `write` once per caller, path and request id, in one transaction with the record of its answer (JSON
 * text) and of its fields (`fieldsHashOf`). A repeat with the same fields answers the recorded text; one with
 * other fields is refused (`REUSED_REQUEST_ID`). A twin racing through another process loses at the insert,
 * rolls back whatever it did, and is judged against the winner's record. A refused write (an ApiError) records
 * nothing: it did nothing, and may be tried again.
 */
export async function answerOnce(db: DB, caller: Caller, path: string, requestId: string, fieldsHash: string, write: (db: DB) => Promise<string>): Promise<string> {
  const key = [callerKey(caller), path.toLowerCase(), requestId];
  const recorded = async (tx: DB) => {
    const first = await tx.get<{ answer: string; fields_hash: string }>("SELECT answer, fields_hash FROM request_answers WHERE caller = ? AND path = ? AND request_id = ?", key);
    // Answers recorded before fields were (an empty hash) cannot be compared: they answer as before.
    if (first && first.fields_hash && first.fields_hash !== fieldsHash) throw new ApiError(REUSED_REQUEST_ID.status, REUSED_REQUEST_ID.msg);
    return first?.answer;
  };
  try {
    return await db.transaction(async (tx) => {
      const first = await recorded(tx);
      if (first !== undefined) return first;
      const answer = await write(tx);
      await tx.run("INSERT INTO request_answers (caller, path, request_id, answer, fields_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)", [...key, answer, fieldsHash, clock.now()]);
      return answer;
    });
  } catch (error) {
    const first = isUniqueViolation(error) ? await recorded(db) : undefined;
    if (first !== undefined) return first;
    throw error;
  }
}

/** Forgets first answers older than `REQUEST_ANSWER_TTL_MS`. */
export async function pruneRequestAnswers(db: DB, now = clock.now()): Promise<number> {
  return await db.run("DELETE FROM request_answers WHERE created_at < ?", [now - REQUEST_ANSWER_TTL_MS]);
}
