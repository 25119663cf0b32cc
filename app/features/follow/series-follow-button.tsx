import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import { resources } from "#gateway/api/index.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { api } from "#app/lib/gateway.ts";
import { toast } from "#app/lib/feedback.ts";

/**
 * 追更 / 已追更: follows the series of an item of any resource kind (a book is its own series). The call toggles,
 * so a second tap waits for the first answer; a refusal is toasted by the gateway client and changes nothing.
 */
export function SeriesFollowButton({ id, following: initial }: { id: number; following: number }) {
  const { memberOnly } = useMemberOnly();
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const toggle = memberOnly(() => {
    if (busy) return;
    setBusy(true);
    api(resources.followSeries, { id })
      .then((r) => {
        setFollowing(r.is_follow);
        toast(r.is_follow ? "已追更，更新会出现在我的关注" : "已取消追更", "success");
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  });
  return (
    <Button className="item-action" size="small" color={following ? "default" : "primary"} fill={following ? "outline" : "solid"} aria-pressed={Boolean(following)} loading={busy} onClick={toggle}>
      {following ? "已追更" : "+ 追更"}
    </Button>
  );
}
