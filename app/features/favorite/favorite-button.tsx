import { Button } from "antd-mobile";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { api } from "#app/lib/gateway.ts";
import type { clientAction } from "#app/routes/actions/favorite.ts";
import { FAVORITE_KINDS, type FavoriteCalls, type FavoriteKind } from "./favorite-kinds.ts";

/**
 * ☆ 收藏 / ★ 已收藏 for an item. With favourite groups the member picks where it goes; without, it is simply a
 * favourite. The call toggles, so a second tap waits for the first answer; a refusal is toasted by the gateway
 * client and leaves the state as it was.
 */
export function FavoriteButton({ kind, id, favorite: initial }: { kind: FavoriteKind; id: number; favorite: number }) {
  const calls: FavoriteCalls = FAVORITE_KINDS[kind];
  // Keyed by item: another item's answer (prev/next reuse the screen) must not stand for this one's state.
  const fetcher = useActionFetcher<typeof clientAction>("/actions/favorite", `favorite:${kind}:${id}`);
  const { memberOnly } = useMemberOnly();
  const answer = fetcher.data && "favorite" in fetcher.data ? fetcher.data.favorite : undefined;
  const favorite = answer?.is_favorite ?? initial;
  const file = (group?: number) => void fetcher.submit({ kind, id, group_id: group });
  const pick = async () => {
    if (fetcher.busy) return;
    if (favorite) return file();
    const groups = calls.groups ? await api(calls.groups.list, undefined).catch(() => []) : [];
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
    <Button className="item-action" size="small" aria-pressed={Boolean(favorite)} loading={fetcher.busy} onClick={memberOnly(() => void pick())}>
      {favorite ? "★ 已收藏" : "☆ 收藏"}
    </Button>
  );
}
