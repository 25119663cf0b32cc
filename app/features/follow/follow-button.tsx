import { Button } from "#app/components/kit/button.tsx";
import { useEffect } from "react";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import type { clientAction } from "#app/routes/actions/follow.ts";

/**
 * 关注 / 已关注 for a member or creator. The call toggles, so a second tap waits for the first answer; a refusal
 * is toasted by the gateway client and leaves the state as it was.
 */
export function FollowButton({
  uid,
  following: initial,
  size = "small",
  onFans,
}: {
  uid: number;
  following: number;
  size?: "mini" | "small";
  /** The followed person's fan count after the change. */
  onFans?: (fans: number) => void;
}) {
  const fetcher = useActionFetcher<typeof clientAction>("/actions/follow", `follow:${uid}`);
  const { memberOnly } = useMemberOnly();
  const answer = fetcher.data && "follow" in fetcher.data ? fetcher.data.follow : undefined;
  const following = answer?.is_attention ?? initial;
  useEffect(() => {
    if (answer) onFans?.(answer.fans_count);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);
  return (
    <Button
      size={size}
      color={following ? "default" : "primary"}
      aria-pressed={Boolean(following)}
      loading={fetcher.busy}
      onClick={memberOnly(() => void (fetcher.busy || fetcher.submit({ uid })))}
    >
      {following ? "已关注" : "+ 关注"}
    </Button>
  );
}
