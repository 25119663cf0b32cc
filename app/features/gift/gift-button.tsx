import { Button } from "#app/components/kit/button.tsx";
import { lazy, Suspense, useState } from "react";
import type { Gift } from "#gateway/api/index.ts";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { toast } from "#app/lib/feedback.ts";
import { api } from "#app/lib/gateway.ts";
import { importOnce } from "#app/lib/import-once.ts";
import type { clientAction } from "#app/routes/actions/gift.ts";
import { GIFT_KINDS, type GiftKind } from "./gift-kinds.ts";

// The sheet's code (its grid, the spend confirmation, the balance) comes with the gifts at the first tap: the
// player's first frame has only the button (decision 112).
const loadGiftSheet = importOnce(() => import("./gift-sheet.tsx"));
const GiftSheet = lazy(() => loadGiftSheet().then((m) => ({ default: m.GiftSheet })));

/** 打赏: a sheet of gifts for the item's creator, opened once the gifts on offer and the sheet's code are in. */
export function GiftButton({ kind, id, creator, coins }: { kind: GiftKind; id: number; /** Who receives it. */ creator: string; coins: number }) {
  const fetcher = useActionFetcher<typeof clientAction>("/actions/gift", `gift:${kind}:${id}`);
  const { memberOnly } = useMemberOnly();
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  // Once opened the sheet stays mounted, so that it closes as a sheet does.
  const [opened, setOpened] = useState(false);
  const open = async () => {
    const [list, sheet] = await Promise.allSettled([api(GIFT_KINDS[kind].list, undefined), loadGiftSheet()]);
    // A failed call has said why already; the sheet's code may fail on its own (the line dropped).
    if (list.status === "rejected") return;
    if (sheet.status === "rejected") return toast("加载失败，请稍后重试");
    setOpened(true);
    setGifts(list.value);
  };
  return (
    <>
      <Button className="item-action" size="small" loading={fetcher.busy} onClick={memberOnly(() => void open())}>
        打赏
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <GiftSheet kind={kind} id={id} creator={creator} coins={coins} gifts={gifts} onClose={() => setGifts(null)} />
        </Suspense>
      )}
    </>
  );
}
