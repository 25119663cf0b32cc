import { Input, Tabs } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { accounts, type FavoriteGroup } from "#gateway/api/index.ts";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import type { clientAction } from "#app/routes/actions/favorite-group.ts";
import type { GroupedKind } from "./favorite-kinds.ts";
import "./favorite-groups.css";

/**
 * A member's favourite groups of one kind as tabs (全部 and each group with its count, `?group=` in the address),
 * with making a group, and renaming or deleting the one shown. The screen's loader lists the groups; it runs
 * again after each change.
 */
export function FavoriteGroups({ kind, groups, group, noun }: { kind: GroupedKind; groups: FavoriteGroup[]; group: number | undefined; noun: string }) {
  const [, setParams] = useSearchParams();
  const fetcher = useActionFetcher<typeof clientAction>("/actions/favorite-group", `favorite-group:${kind}`);
  const [name, setName] = useState("");
  // The typed name is cleared once the group is made, not when the request leaves: a refused one can be fixed.
  const created = fetcher.data && "created" in fetcher.data ? fetcher.data.created : undefined;
  const [clearedFor, setClearedFor] = useState<unknown>(undefined);
  if (created && created !== clearedFor) {
    setClearedFor(created);
    setName("");
  }
  const current = groups.find((g) => g.id === group);
  const show = (id: number | undefined) =>
    setParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id) next.set("group", String(id));
        else next.delete("group");
        return next;
      },
      { replace: true },
    );
  const change = (fields: Record<string, string | number>) => void fetcher.submit({ kind, ...fields }, { revalidate: true });
  const rename = async (g: FavoriteGroup) => {
    const { Dialog } = await import("#app/lib/overlays.ts");
    let value = g.name;
    void Dialog.confirm({
      title: "重命名分组",
      content: <Input defaultValue={g.name} maxLength={accounts.MAX_FAVORITE_GROUP_NAME} placeholder="分组名称" onChange={(v) => (value = v)} aria-label="分组名称" />,
      onConfirm: () => change({ intent: "rename", id: g.id, name: value.trim() }),
    });
  };
  const remove = async (g: FavoriteGroup) => {
    const { Dialog } = await import("#app/lib/overlays.ts");
    if (!(await Dialog.confirm({ content: `删除分组「${g.name}」？其中的${noun}仍保留在“全部”里。` }))) return;
    change({ intent: "delete", id: g.id });
    show(undefined);
  };
  return (
    <>
      <Tabs activeKey={String(group ?? 0)} onChange={(k) => show(Number(k) || undefined)}>
        <Tabs.Tab key="0" title="全部" />
        {groups.map((g) => (
          <Tabs.Tab key={String(g.id)} title={`${g.name} ${g.video_count}`} />
        ))}
      </Tabs>
      <div className="group-tools">
        <Input value={name} onChange={setName} maxLength={accounts.MAX_FAVORITE_GROUP_NAME} placeholder="新分组名称" aria-label="新分组名称" />
        <Button size="small" disabled={!name.trim() || fetcher.busy} onClick={() => change({ intent: "create", name: name.trim() })}>
          新建分组
        </Button>
        {current && (
          <>
            <Button size="small" onClick={() => rename(current)}>
              重命名
            </Button>
            <Button size="small" color="danger" onClick={() => void remove(current)}>
              删除分组
            </Button>
          </>
        )}
      </div>
      {fetcher.data && "error" in fetcher.data && <p className="form-error">{fetcher.data.error}</p>}
    </>
  );
}

/** The group the address names (`?group=`), if it is an id. */
export function groupParam(url: URL): number | undefined {
  const g = Number(url.searchParams.get("group"));
  return Number.isSafeInteger(g) && g > 0 ? g : undefined;
}

/** What an empty list of favourites says: of the group shown, or of all. */
export function groupEmptyText(groups: FavoriteGroup[], group: number | undefined, noun: string): string {
  const current = groups.find((g) => g.id === group);
  return current ? `分组「${current.name}」里还没有${noun}` : `还没有收藏的${noun}`;
}
