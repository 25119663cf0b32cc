import { Button } from "#app/components/kit/button.tsx";
import { useEffect, useRef, useState } from "react";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import type { Liked } from "#app/features/comments/comment-kinds.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { HeartIcon } from "#app/components/icons.tsx";
import { formatCount } from "#app/lib/format.ts";
import type { clientAction } from "#app/routes/actions/like.ts";
import type { LikeKind } from "./like-kinds.ts";

/**
 * ♥ for an item or a comment of any kind: `button` is the item's 点赞 button, `text` the small ♥ of a comment row.
 * Optimistic; the call toggles, so a second tap waits for the first answer, and a like that fails is taken back.
 */
export function LikeButton({
  kind,
  id,
  initial,
  look = "button",
  onChange,
}: {
  kind: LikeKind;
  id: number;
  initial: Liked;
  look?: "button" | "text";
  /** The gateway's answer, for a host that shows the count elsewhere too. */
  onChange?: (like: Liked) => void;
}) {
  const fetcher = useActionFetcher<typeof clientAction>("/actions/like", `like:${kind}:${id}`);
  const { ifMember } = useMemberOnly();
  // The last answer for this item (the keyed fetcher's outlives a remount of this control), else the host's.
  const [known, setKnown] = useState<Liked>(() => fetcher.data?.like ?? initial);
  // From the host again only when it shows another item or answers with other numbers, not on every render.
  const source = `${kind}:${id}:${initial.is_like}:${initial.like_count}`;
  const [knownFor, setKnownFor] = useState(source);
  if (knownFor !== source) {
    setKnownFor(source);
    setKnown(initial);
  }
  // Each answer taken in once, in the render that brings it. A refusal leaves what was known: the optimistic
  // like is taken back.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.like) setKnown(fetcher.data.like);
  }
  const told = useRef(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (answer === told.current) return;
    told.current = answer;
    // A refusal: the host was told of the optimistic like at the tap, and gets what is known back.
    if (answer) onChange?.(answer.like ?? known);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.data]);
  // Set at the tap, so a second tap in the same task (before `busy` has rendered) is refused too.
  const sending = useRef(false);
  useEffect(() => {
    if (!fetcher.busy) sending.current = false;
  }, [fetcher.busy]);
  const toggle = () =>
    ifMember(() => {
      if (sending.current || fetcher.busy) return;
      sending.current = true;
      // The host hears at the tap: an answer that comes once this control is gone (its sheet closed) would not reach it.
      onChange?.({ is_like: known.is_like ? 0 : 1, like_count: known.like_count + (known.is_like ? -1 : 1) });
      void fetcher.submit({ kind, id });
    });
  // Optimistic while the call is on its way.
  const like = fetcher.state === "submitting" ? { is_like: known.is_like ? 0 : 1, like_count: known.like_count + (known.is_like ? -1 : 1) } : known;
  const on = Boolean(like.is_like);
  if (look === "text")
    return (
      <button type="button" className={`comment-like${on ? " is-on" : ""}`} aria-pressed={on} aria-busy={fetcher.busy} onClick={toggle}>
        <HeartIcon />
        <span className="visually-hidden">点赞</span> {formatCount(like.like_count)}
      </button>
    );
  return (
    <Button className="item-action" size="small" color={on ? "danger" : "default"} aria-pressed={on} aria-busy={fetcher.busy} onClick={toggle}>
      <HeartIcon /> 点赞 {formatCount(like.like_count)}
    </Button>
  );
}
