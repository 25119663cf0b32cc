import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import { useFetcher } from "react-router";
import { circle } from "#gateway/api/index.ts";
import { CoinStepper } from "#app/components/circle/coin-stepper.tsx";
import { useMemberOnly } from "#app/features/member-only.ts";
import { confirmSpend } from "#app/features/spend/confirm-spend.ts";
import { useBalance } from "#app/features/spend/use-balance.ts";
import { useSubmission } from "#app/lib/submission.ts";
import "#app/components/circle/post.css";

/** What /post/detail's action answers to 追加悬赏 (routes/post/detail.tsx, `intent` coins). */
type RewardAnswer = { reward: number } | { error: string };

/** A request's reward (悬赏) and 追加悬赏: coins added to it, asked before they are spent, through the post's action. */
export default function PostReward({ id, reward, balance: loaded }: { id: number; reward: number; balance: number }) {
  const fetcher = useFetcher<RewardAnswer>({ key: `reward:${id}` });
  const { memberOnly } = useMemberOnly();
  const balance = useBalance(loaded);
  const [coins, setCoinsToAdd] = useState(10);
  const added = fetcher.data && "reward" in fetcher.data ? fetcher.data : undefined;
  // A double tap is the same request, and the coins move once; the next 追加 is another.
  const submission = useSubmission(added);
  const now = added ? added.reward : reward;
  const add = async () => {
    if (fetcher.state !== "idle") return;
    if (await confirmSpend({ what: "追加求片悬赏", price: coins, balance, confirmText: "追加" })) {
      void fetcher.submit({ intent: "coins", coins, request_id: submission.idFor({ intent: "coins", coins }) }, { method: "post" });
    }
  };
  return (
    <section className="post-section" aria-label="悬赏">
      <div className="reward-line">
        <h2>
          悬赏 <strong data-testid="reward">{now}</strong> 金币
        </h2>
        <CoinStepper label="追加金币" min={1} max={circle.MAX_REWARD} step={10} value={coins} onChange={setCoinsToAdd} />
        <Button size="small" color="primary" loading={fetcher.state !== "idle"} onClick={memberOnly(() => void add())}>
          追加悬赏
        </Button>
      </div>
      {fetcher.data && "error" in fetcher.data ? <p className="composer-error">{fetcher.data.error}</p> : null}
    </section>
  );
}
