import { Button } from "#app/components/kit/button.tsx";
import { lazy, Suspense, useState } from "react";
import type { Gift } from "#gateway/api/index.ts";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
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
  const open = () =>
    void Promise.all([api(GIFT_KINDS[kind].list, undefined), loadGiftSheet()]).then(
      ([list]) => {
        setOpened(true);
        setGifts(list);
      },
      () => undefined,
    );
  return (
    <>
      <Button className="item-action" size="small" loading={fetcher.busy} onClick={memberOnly(open)}>
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
