import type { Gift } from "#gateway/api/index.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { confirmSpend } from "#app/features/spend/confirm-spend.ts";
import { useBalance } from "#app/features/spend/use-balance.ts";
import type { clientAction } from "#app/routes/actions/gift.ts";
import type { GiftKind } from "./gift-kinds.ts";
import "./gift-sheet.css";

/**
 * 打赏's sheet (gift-button.tsx loads it at the first tap): `gifts` for the item's creator with the member's balance,
 * which follows a gift at once. Each gift asks before it spends (confirmSpend); null `gifts` closes it.
 */
export function GiftSheet({ kind, id, creator, coins: loaded, gifts, onClose }: { kind: GiftKind; id: number; creator: string; coins: number; gifts: Gift[] | null; onClose: () => void }) {
  // The button's fetcher (one key): it shows the gift under way.
  const fetcher = useActionFetcher<typeof clientAction>("/actions/gift", `gift:${kind}:${id}`);
  const coins = useBalance(loaded);
  const give = async (gift: Gift) => {
    if (fetcher.busy) return;
    // Coins are money: a tap on the wrong gift must not spend them.
    if (!(await confirmSpend({ what: `赠送「${gift.name}」`, price: gift.coins, balance: coins, confirmText: "赠送" }))) return;
    void fetcher.submit({ kind, id, gift_id: gift.id });
    onClose();
  };
  return (
    <Sheet visible={gifts !== null} onClose={onClose} title={`打赏 ${creator}`} className="gift-popup">
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
  );
}
