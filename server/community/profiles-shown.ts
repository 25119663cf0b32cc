import { avatarUrl } from "#server/content/media.ts";
import { HIDDEN_BY_REPORTS } from "./report-review.ts";

// A member's profile (nickname, avatar, introduction) hidden by members' reports (decision 069) is shown to others
// as a plain placeholder until an operator reviews it; the member still sees their own.

/** SQL on `u` for the viewer `@uid`: 1 when `u`'s profile is hidden by reports and the viewer is someone else. */
export const PROFILE_MASKED = `CASE WHEN u.profile_hidden = ${HIDDEN_BY_REPORTS} AND u.id <> @uid THEN 1 ELSE 0 END`;

/** What others read instead of a hidden introduction. */
export const MASKED_INTRO = "该用户资料已被隐藏";

type PersonFields = { id: number; nickname: string; username: string; avatar_url: string; profile_masked: number };

/** A member as others see them: their nickname and avatar, or placeholders while their profile is hidden. */
export function personShown(origin: string, r: PersonFields) {
  const masked = Number(r.profile_masked) === 1;
  return {
    uid: r.id,
    nickname: masked ? `用户${r.id}` : r.nickname || r.username,
    avatar_url: avatarUrl(origin, { id: r.id, avatar_url: masked ? "" : r.avatar_url }),
  };
}

/** The author beside a video, post or headline in a list (decision 073), with whether the viewer follows them. */
export const creatorShown = (origin: string, r: PersonFields, isAttention: number) => ({ ...personShown(origin, r), is_attention: isAttention ? 1 : 0 });
