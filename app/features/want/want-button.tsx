import { Button } from "#app/components/kit/button.tsx";
import { useEffect, useState } from "react";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { api } from "#app/lib/gateway.ts";
import type { clientAction } from "#app/routes/actions/want.ts";
import { WANT_KINDS, type WantCalls, type WantKind, type Wanted } from "./want-kinds.ts";

/** 求片 for an item the member cannot watch yet: how many want it, and once asked, that the member did. */
export function WantButton({ kind, id }: { kind: WantKind; id: number }) {
  const calls: WantCalls = WANT_KINDS[kind];
  const fetcher = useActionFetcher<typeof clientAction>("/actions/want", `want:${kind}:${id}`);
  const { memberOnly } = useMemberOnly();
  const [checked, setChecked] = useState<{ id: number; wanted: Wanted } | null>(null);
  useEffect(() => {
    void api(calls.check, { id }).then(
      (wanted) => setChecked({ id, wanted }),
      () => undefined,
    );
  }, [calls, id]);
  const answer = fetcher.data && "want" in fetcher.data ? fetcher.data.want : undefined;
  const find = answer ?? (checked?.id === id ? checked.wanted : undefined);
  return (
    <Button
      className="item-action"
      size="small"
      loading={fetcher.busy}
      disabled={Boolean(find?.requested)}
      onClick={memberOnly(() => void (fetcher.busy || fetcher.submit({ kind, id })))}
    >
      {find?.requested ? `已求片（${find.count}人想看）` : `求片${find?.count ? `（${find.count}人想看）` : ""}`}
    </Button>
  );
}
