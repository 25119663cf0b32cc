import { Button, Input, Tabs } from "antd-mobile";
import { useCallback, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { accounts } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { api, together } from "#app/lib/gateway.ts";
import { Dialog } from "#app/lib/overlays.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/my-like";

function groupParam(request: Request): number | undefined {
  const g = Number(new URL(request.url).searchParams.get("group"));
  return Number.isSafeInteger(g) && g > 0 ? g : undefined;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const group = groupParam(request);
  const [groups, first] = await Promise.all(together(() => [api(accounts.likeGroups, undefined), api(accounts.myLikes, { ...(group ? { group_id: group } : {}), page: 1, limit: 20 })]));
  return { groups, group, first };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "").trim();
  const id = Number(form.get("id"));
  try {
    switch (form.get("intent")) {
      case "create":
        if (!name) return { error: "请输入分组名称" };
        return { created: await api(accounts.createLikeGroup, { name }) };
      case "rename":
        if (!name) return { error: "请输入分组名称" };
        return { group: await api(accounts.updateLikeGroup, { id, name }) };
      case "delete":
        await api(accounts.deleteLikeGroup, { id });
        return { deleted: id };
      default:
        return { error: "未知操作" };
    }
  } catch {
    // The gateway's refusal (a duplicate name, …) has been shown as a toast; the typed name stays.
    return { failed: true };
  }
}

export default function MyLike({ loaderData: { groups, group, first } }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  const fetcher = useFetcher<typeof clientAction>();
  const [name, setName] = useState("");
  // The typed name is cleared once the group is made, not when the request leaves: a refused one can be fixed.
  const created = fetcher.data && "created" in fetcher.data ? fetcher.data.created : undefined;
  const [clearedFor, setClearedFor] = useState<unknown>(undefined);
  if (created && created !== clearedFor) {
    setClearedFor(created);
    setName("");
  }
  const fetchPage = useCallback((page: number) => api(accounts.myLikes, { ...(group ? { group_id: group } : {}), page, limit: 20 }), [group]);
  const current = groups.find((g) => g.id === group);
  const ask = (title: string, initial: string, then: (value: string) => void) => {
    let value = initial;
    void Dialog.confirm({
      title,
      content: <Input defaultValue={initial} maxLength={accounts.MAX_FAVORITE_GROUP_NAME} placeholder="分组名称" onChange={(v) => (value = v)} aria-label="分组名称" />,
      onConfirm: () => then(value.trim()),
    });
  };
  return (
    <Page title="我的喜欢">
      <Tabs activeKey={String(group ?? 0)} onChange={(k) => setParams(k === "0" ? {} : { group: k }, { replace: true })}>
        <Tabs.Tab key="0" title="全部" />
        {groups.map((g) => (
          <Tabs.Tab key={String(g.id)} title={`${g.name} ${g.video_count}`} />
        ))}
      </Tabs>
      <div className="group-tools">
        <Input value={name} onChange={setName} maxLength={accounts.MAX_FAVORITE_GROUP_NAME} placeholder="新分组名称" aria-label="新分组名称" />
        <Button
          size="small"
          disabled={!name.trim() || fetcher.state !== "idle"}
          onClick={() => {
            void fetcher.submit({ intent: "create", name: name.trim() }, { method: "post" });
          }}
        >
          新建分组
        </Button>
        {current && (
          <>
            <Button size="small" onClick={() => ask("重命名分组", current.name, (v) => void fetcher.submit({ intent: "rename", id: String(current.id), name: v }, { method: "post" }))}>
              重命名
            </Button>
            <Button
              size="small"
              color="danger"
              onClick={async () => {
                if (await Dialog.confirm({ content: `删除分组「${current.name}」？其中的视频仍保留在“全部”里。` })) {
                  void fetcher.submit({ intent: "delete", id: String(current.id) }, { method: "post" });
                  setParams({}, { replace: true });
                }
              }}
            >
              删除分组
            </Button>
          </>
        )}
      </div>
      {fetcher.data && "error" in fetcher.data && <p className="form-error">{fetcher.data.error}</p>}
      <VideoFeed key={group ?? 0} feedKey={`my-like:${group ?? 0}`} api={accounts.myLikes.path} params={group ? { group_id: group } : {}} fetchPage={fetchPage} initial={first} emptyText="还没有喜欢的视频" />
    </Page>
  );
}

export function meta() {
  return [{ title: "我的喜欢 — 影音" }];
}
