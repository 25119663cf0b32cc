import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { confirmDialog, toast } from "#app/lib/feedback.ts";
import { offlineSupported } from "./offline-access.ts";
import { offlineStore } from "./offline-cache.ts";
import { removeUnit, storageFacts, useSavedUnits } from "./offline.ts";
import type { SavedUnit } from "./offline-store.ts";
import { formatSize, type OfflineKind } from "./offline-units.ts";
import "./offline.css";

const KIND_LABEL: Record<OfflineKind, string> = {
  novel: "小说",
  comic: "漫画",
  audio: "有声",
};

/** 设置 › 离线内容: what the member saved, its space, and removing it (decision 046). */
export function OfflineSection() {
  const { units, error } = useSavedUnits();
  const [facts, setFacts] = useState<Awaited<ReturnType<typeof storageFacts>>>();
  const [busy, setBusy] = useState(false);
  const total = units?.reduce((sum, u) => sum + u.size, 0) ?? 0;

  useEffect(() => {
    void storageFacts().then(setFacts);
    // Files a cut-off save left behind take space but belong to nothing listed.
    if (offlineSupported())
      void offlineStore()
        .then((units) => units.sweep())
        .catch(() => 0);
  }, [units]);

  const remove = async (list: SavedUnit[]) => {
    setBusy(true);
    try {
      for (const u of list) await removeUnit(u);
      toast("已删除离线内容");
    } catch {
      toast("删除失败，请重试", "fail");
    } finally {
      setBusy(false);
    }
  };

  const header = units?.length ? `离线内容（${units.length} 项 · ${formatSize(total)}）` : "离线内容";
  return (
    <List header={header} className="offline-section">
      {!offlineSupported() ? (
        <List.Item>此浏览器不支持离线保存</List.Item>
      ) : error ? (
        <List.Item>读取离线内容失败，请稍后重试</List.Item>
      ) : !units ? (
        <List.Item>加载中…</List.Item>
      ) : !units.length ? (
        <List.Item description="在已购买的小说章节、漫画话数和有声章节中点「保存离线」">还没有离线内容</List.Item>
      ) : (
        <>
          {units.map((u) => (
            <List.Item
              key={`${u.kind}/${u.itemId}/${u.unitId}`}
              className="offline-unit"
              prefix={<span className="offline-kind">{KIND_LABEL[u.kind]}</span>}
              extra={
                <Button size="mini" fill="none" className="item-action" aria-label={`删除 ${u.title}`} disabled={busy} onClick={() => void remove([u])}>
                  删除
                </Button>
              }
              description={formatSize(u.size)}
            >
              <Link to={u.href}>{u.title}</Link>
            </List.Item>
          ))}
          <List.Item>
            <Button
              block
              color="danger"
              fill="outline"
              loading={busy}
              disabled={busy}
              onClick={async () => {
                if (
                  await confirmDialog({
                    title: "删除全部离线内容",
                    content: `将删除 ${units.length} 项，共 ${formatSize(total)}`,
                    confirmText: "删除",
                  })
                )
                  void remove(units);
              }}
            >
              全部删除
            </Button>
          </List.Item>
        </>
      )}
      {facts?.usage !== undefined && facts.quota ? (
        <List.Item className="offline-facts" description={facts.persisted ? "已设为持久存储，浏览器不会自动清除" : "空间不足时浏览器可能清除离线内容"}>
          本应用已用 {formatSize(facts.usage)}，可用 {formatSize(facts.quota)}
        </List.Item>
      ) : null}
    </List>
  );
}
