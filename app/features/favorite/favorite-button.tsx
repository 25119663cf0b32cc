import { Button } from "#app/components/kit/button.tsx";
import { useRef } from "react";
import type { FavoriteGroup } from "#gateway/api/content-types.ts";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { api } from "#app/lib/gateway.ts";
import type { clientAction } from "#app/routes/actions/favorite.ts";
import type { FavoriteCalls, FavoriteKind } from "./favorite-kinds.ts";

/** The member's groups to file a favourite of `kind` in: none for a kind without groups, or when they cannot be had. */
async function favoriteGroups(kind: FavoriteKind): Promise<FavoriteGroup[]> {
  try {
    // The table names every area's calls: it loads at the tap, not with the screen.
    const calls: FavoriteCalls = (await import("./favorite-kinds.ts")).FAVORITE_KINDS[kind];
    return calls.groups ? await api(calls.groups.list, undefined) : [];
  } catch {
    return [];
  }
}

/**
 * ☆ 收藏 / ★ 已收藏 for an item. With favourite groups the member picks where it goes; without, it is simply a
 * favourite. The call toggles, so a second tap waits for the first answer; a refusal is toasted by the gateway
 * client and leaves the state as it was.
 */
export function FavoriteButton({ kind, id, favorite: initial }: { kind: FavoriteKind; id: number; favorite: number }) {
  // Keyed by item: another item's answer (prev/next reuse the screen) must not stand for this one's state.
  const fetcher = useActionFetcher<typeof clientAction>("/actions/favorite", `favorite:${kind}:${id}`);
  const { ifMember } = useMemberOnly();
  const answer = fetcher.data && "favorite" in fetcher.data ? fetcher.data.favorite : undefined;
  const favorite = answer?.is_favorite ?? initial;
  const file = (group?: number) => void fetcher.submit({ kind, id, group_id: group });
  // Held while the groups are asked for: the call toggles, and a second tap then would take the favourite back.
  const picking = useRef(false);
  const pick = async () => {
    if (fetcher.busy || picking.current) return;
    if (favorite) return file();
    picking.current = true;
    const groups = await favoriteGroups(kind).finally(() => (picking.current = false));
    if (!groups.length) return file();
    const { ActionSheet } = await import("#app/lib/overlays.ts");
    ActionSheet.show({
      extra: "收藏到",
      cancelText: "取消",
      closeOnAction: true,
      actions: [{ key: "", text: "默认" }, ...groups.map((g) => ({ key: String(g.id), text: g.name }))],
      onAction: (a) => file(Number(a.key) || undefined),
    });
  };
  return (
    <Button className="item-action" size="small" aria-pressed={Boolean(favorite)} loading={fetcher.busy} onClick={() => ifMember(() => void pick())}>
      {favorite ? "★ 已收藏" : "☆ 收藏"}
    </Button>
  );
}
