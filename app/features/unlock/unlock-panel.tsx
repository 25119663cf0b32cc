import { Button } from "#app/components/kit/button.tsx";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { confirmSpend } from "#app/features/spend/confirm-spend.ts";
import { useBalance } from "#app/features/spend/use-balance.ts";
import { useSubmission } from "#app/lib/submission.ts";
import type { clientAction } from "#app/routes/actions/unlock.ts";
import { UNLOCK_UNITS, type UnlockKind, type UnlockUnitKind, type UnlockWay } from "./unlock-units.ts";
import "./unlock-panel.css";

// The 社区解锁 sheet, the only part that writes: its code and its field load at the tap that asks for it.
const ShareUnlockSheet = lazy(() => import("./share-unlock-sheet.tsx"));

/** What is for sale: a whole item, or one chapter or episode of it. */
export interface UnlockUnit {
  kind: UnlockKind;
  id: number;
  /** One chapter or episode of the item `id`, for a kind that sells its units through the item's call. */
  part?: number;
  title: string;
  cover?: string;
  /** Coins. */
  price: number;
  /** 1: free for VIP members. */
  vip_free: number;
}

/** What the viewer has to unlock it with (a visitor: `is_member` 0). */
export interface UnlockViewer {
  coins: number;
  vip: number;
  tickets: number;
  community_left: number;
  is_member: number;
}

/**
 * What a locked unit takes: its price, the member's balance and vouchers, and the ways to unlock it. An unlock
 * runs the host's loaders again, so the host shows the unit playable (or readable) in its place.
 */
export function UnlockPanel({ unit, viewer }: { unit: UnlockUnit; viewer: UnlockViewer }) {
  const { noun, verb, ways }: UnlockUnitKind = UNLOCK_UNITS[unit.kind];
  const fetcher = useActionFetcher<typeof clientAction>("/actions/unlock", `unlock:${unit.kind}:${unit.id}:${unit.part ?? 0}`);
  const location = useLocation();
  const coins = useBalance(viewer.coins);
  const [sharing, setSharing] = useState(false);
  // Mounted from the first 社区解锁 on, so that it closes with its animation and keeps the words written.
  const [sheetAsked, setSheetAsked] = useState(false);
  if (sharing && !sheetAsked) setSheetAsked(true);
  const short = coins < unit.price;
  const bought = fetcher.data && "bought" in fetcher.data;
  // A double tap sends the same request, and the gateway charges once; another way or other words are another.
  const submission = useSubmission(bought ? fetcher.data : undefined);
  const unlock = (way: UnlockWay, content?: string) => {
    const fields = { kind: unit.kind, id: unit.id, part: unit.part, way, content };
    if (!fetcher.busy) void fetcher.submit({ ...fields, request_id: submission.idFor(fields) }, { revalidate: true });
  };
  const buyWithCoins = async () => {
    if (fetcher.busy) return;
    if (await confirmSpend({ what: `解锁《${unit.title}》`, price: unit.price, balance: coins, confirmText: "解锁" })) unlock("coins");
  };

  // A purchase closes the sharing form.
  const [wasBought, setWasBought] = useState(bought);
  if (bought !== wasBought) {
    setWasBought(bought);
    if (bought) setSharing(false);
  }

  return (
    <div className="locked-panel">
      {unit.cover ? <EncImage src={unit.cover} ratio="16X9" alt={unit.title} priority /> : null}
      <div className="locked-panel-body" role="region" aria-label={`解锁${noun}`}>
        {unit.vip_free && !viewer.vip ? (
          <p>
            开通 VIP 即可免费{verb}，或单独解锁
          </p>
        ) : null}
        <p className="locked-price">
          本{noun}需 <strong>{unit.price}</strong> 金币
          {viewer.is_member ? (
            <>
              ，当前余额 <strong data-testid="balance">{coins}</strong> 金币
            </>
          ) : null}
        </p>
        {!viewer.is_member ? (
          <Link className="adm-button adm-button-primary adm-button-small adm-button-shape-default item-action" to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
            <span>登录后解锁</span>
          </Link>
        ) : (
          <div className="locked-actions">
            <Button className="item-action" color="primary" size="small" loading={fetcher.busy} disabled={fetcher.busy || short} onClick={() => void buyWithCoins()}>
              {short ? "金币不足" : `${unit.price} 金币解锁`}
            </Button>
            {ways.includes("ticket") && viewer.tickets > 0 && (
              <Button className="item-action" size="small" disabled={fetcher.busy} onClick={() => unlock("ticket")}>
                使用观影券（剩 {viewer.tickets} 张）
              </Button>
            )}
            {ways.includes("community") && unit.price > 0 && (
              <Button
                className="item-action"
                size="small"
                disabled={fetcher.busy || viewer.community_left <= 0}
                onClick={() => setSharing(true)}
              >
                {viewer.community_left > 0 ? `社区解锁（今日剩 ${viewer.community_left} 次）` : "今日社区解锁已用完"}
              </Button>
            )}
          </div>
        )}
      </div>
      {sheetAsked ? (
        <Suspense fallback={null}>
          <ShareUnlockSheet visible={sharing} title={unit.title} left={viewer.community_left} busy={fetcher.busy} initial={`推荐《${unit.title}》，值得一看！`} onClose={() => setSharing(false)} onSend={(content) => unlock("community", content)} />
        </Suspense>
      ) : null}
    </div>
  );
}
