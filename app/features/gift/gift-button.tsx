import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import type { Gift } from "#gateway/api/index.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { confirmSpend } from "#app/features/spend/confirm-spend.ts";
import { useBalance } from "#app/features/spend/use-balance.ts";
import { api } from "#app/lib/gateway.ts";
import type { clientAction } from "#app/routes/actions/gift.ts";
import { GIFT_KINDS, type GiftCalls, type GiftKind } from "./gift-kinds.ts";
import "./gift-button.css";

/**
 * 打赏: a sheet of gifts for the item's creator, with the member's balance, which follows a gift at once. Each gift
 * asks before it spends (confirmSpend).
 */
export function GiftButton({ kind, id, creator, coins: loaded }: { kind: GiftKind; id: number; /** Who receives it. */ creator: string; coins: number }) {
  const calls: GiftCalls = GIFT_KINDS[kind];
  const fetcher = useActionFetcher<typeof clientAction>("/actions/gift", `gift:${kind}:${id}`);
  const { memberOnly } = useMemberOnly();
  const coins = useBalance(loaded);
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const give = async (gift: Gift) => {
    if (fetcher.busy) return;
    // Coins are money: a tap on the wrong gift must not spend them.
    if (!(await confirmSpend({ what: `赠送「${gift.name}」`, price: gift.coins, balance: coins, confirmText: "赠送" }))) return;
    void fetcher.submit({ kind, id, gift_id: gift.id });
    setGifts(null);
  };
  return (
    <>
      <Button className="item-action" size="small" loading={fetcher.busy} onClick={memberOnly(() => void api(calls.list, undefined).then(setGifts, () => undefined))}>
        打赏
      </Button>
      <Sheet visible={gifts !== null} onClose={() => setGifts(null)} title={`打赏 ${creator}`} className="gift-popup">
        <p className="gift-balance">当前余额 {coins} 金币</p>
        <div className="gift-grid">
          {gifts?.map((g) => (
            <button type="button" key={g.id} className="gift" disabled={fetcher.busy} onClick={() => void give(g)}>
              <EncImage src={g.icon} ratio="1X1" />
              <span>{g.name}</span>
              <small>{g.coins} 金币</small>
            </button>
          ))}
        </div>
      </Sheet>
    </>
  );
}
