import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "#app/lib/feedback.ts";
import { stackKeyOf, stackState, stackStore } from "#app/stores/stack.ts";
import { useStore } from "#app/stores/use-store.ts";

/**
 * Previous and next in the list the player was opened from (named by its history entry's state). At the
 * end of what that list had loaded, the next page is asked at the tap on 下一个 (next-in-stack.ts, loaded then).
 */
function useNeighbours(id: number, key: string | undefined) {
  const stack = useStore(stackStore, (s) => (key ? s.stacks[key] : undefined));
  const ids = stack?.ids ?? [];
  const i = ids.indexOf(id);
  const prev = i > 0 ? ids[i - 1] : undefined;
  const next = i >= 0 && i < ids.length - 1 ? ids[i + 1] : undefined;
  const canLoadMore = i >= 0 && i === ids.length - 1 && Boolean(stack?.api) && Boolean(stack?.hasMore);
  /** The next id, or why there is none. */
  const loadNext = async (): Promise<number | "end" | "failed"> => {
    if (!key) return "end";
    const loaded = await import("./next-in-stack.ts").catch(() => null);
    return loaded ? loaded.loadNextInStack(key) : "failed";
  };
  return { prev, next, canLoadMore, loadNext };
}

/** 上一个 / 下一个: the player's way through the list it was opened from; a neighbour known already is a link. */
export function PlayerNav({ id }: { id: number }) {
  const navigate = useNavigate();
  const stackKey = stackKeyOf(useLocation().state);
  const { prev, next, canLoadMore, loadNext } = useNeighbours(id, stackKey);
  const [loadingNext, setLoadingNext] = useState(false);
  const state = stackKey ? stackState(stackKey) : undefined;
  const neighbour = (to: number | undefined, label: string) =>
    to ? (
      <Link className="adm-button adm-button-default adm-button-small adm-button-shape-default" to={`/player?id=${to}`} replace state={state}>
        <span>{label}</span>
      </Link>
    ) : (
      <span className="adm-button adm-button-default adm-button-small adm-button-shape-default adm-button-disabled" aria-disabled="true">
        <span>{label}</span>
      </span>
    );
  return (
    <div className="player-nav">
      {neighbour(prev, "上一个")}
      {next || !canLoadMore ? (
        neighbour(next, "下一个")
      ) : (
        // The list's next page is not loaded yet: which video comes next is known once it is.
        <Button
          size="small"
          loading={loadingNext}
          onClick={async () => {
            setLoadingNext(true);
            const to = await loadNext().finally(() => setLoadingNext(false));
            if (typeof to === "number") void navigate(`/player?id=${to}`, { replace: true, state });
            else toast(to === "end" ? "已经是最后一个了" : "加载失败，请稍后重试");
          }}
        >
          下一个
        </Button>
      )}
    </div>
  );
}
