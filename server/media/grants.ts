import { createHmac, timingSafeEqual } from "node:crypto";
import { clock } from "#server/clock.ts";

// A grant is what lets an `<audio>` or `<video>` element, which cannot send our envelope or a token, fetch paid
// media: the address carries who it was given to (`u`), until when (`e`, seconds) and an HMAC of both and of the
// subject (`s`), signed with MEDIA_URL_SECRET. Handlers give one only to a caller who may play the subject
// (decisions 044 and 067). The one signer of paid media: audio chapters and videos alike.

/** How long a grant plays: long enough for a session, short enough not to be passed around. */
export const GRANT_TTL_MS = 6 * 3_600_000;

/** What a grant's signature covers besides who and until when: an audio chapter's id, or `video/<item id>`. */
export type GrantSubject = string;

const sign = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url").slice(0, 32);

/** The query (`u=…&e=…&s=…`) of a grant on `subject` for caller `uid` (0: a visitor), valid until `expires` (seconds). */
export function grantQuery(secret: string, subject: GrantSubject, uid: number, expires: number): string {
  return `u=${uid}&e=${expires}&s=${sign(secret, `${subject}.${uid}.${expires}`)}`;
}

/** A grant's expiry (seconds) for one given at `now`. */
export const grantExpiry = (now = clock.now()) => Math.floor((now + GRANT_TTL_MS) / 1000);

/** Whether the query holds a grant on `subject` whose signature and expiry hold at `now`. */
export function grantIsValid(secret: string, subject: GrantSubject, query: (name: string) => string | undefined, now = clock.now()): boolean {
  const [uid, expires, given] = [query("u") ?? "", query("e") ?? "", query("s") ?? ""];
  if (!/^\d{1,12}$/.test(uid) || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now) return false;
  const expected = Buffer.from(sign(secret, `${subject}.${uid}.${expires}`));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
