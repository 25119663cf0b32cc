import { ProgressBar } from "#app/components/kit/progress-bar.tsx";
import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import { toast } from "#app/lib/feedback.ts";
import { removeUnit, saveUnit, useSavedUnit } from "./offline.ts";
import { formatSize, type SaveOfflineProps } from "./offline-units.ts";
import { offlineRefusal } from "./offline-access.ts";

/**
 * 保存离线 → progress → 已保存 · 1.2 MB with 删除, for one unit (decision 046). Nothing is sent to the
 * gateway, so it is a plain control, not an action route: the host's loaders have nothing to load again.
 */
export default function SaveOfflineControl({ kind, itemId, unitId, title, href, data, files = [], canOpen, item }: SaveOfflineProps) {
  const key = { kind, itemId, unitId };
  const { saved, checked, progress } = useSavedUnit(key);
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState(false);

  if (saved) {
    return (
      <div className="save-offline" data-testid="save-offline">
        <span className="save-offline-state">已保存 · {formatSize(saved.size)}</span>
        <Button
          className="item-action"
          size="small"
          loading={removing}
          onClick={() => {
            setRemoving(true);
            removeUnit(key)
              .then(() => toast("已删除离线内容"))
              .catch(() => toast("删除失败，请重试", "fail"))
              .finally(() => setRemoving(false));
          }}
        >
          删除
        </Button>
      </div>
    );
  }

  const refusal = offlineRefusal(canOpen);
  const busy = progress !== undefined;
  const save = () => {
    setError(undefined);
    saveUnit({ kind, itemId, unitId, title, href, data, files, item }).then(
      (s) => toast(`已保存离线 · ${formatSize(s.size)}`, "success"),
      (e: unknown) => setError(e instanceof Error ? e.message : "保存失败，请重试"),
    );
  };
  return (
    <div className="save-offline" data-testid="save-offline">
      <Button className="item-action" size="small" disabled={!checked || busy || Boolean(refusal)} onClick={save}>
        {refusal ?? (busy ? `下载中 ${Math.round(progress * 100)}%` : error ? "重新保存" : "保存离线")}
      </Button>
      {busy && files.length ? <ProgressBar className="save-offline-progress" percent={Math.round(progress * 100)} aria-label="下载进度" /> : null}
      {error ? (
        <p className="save-offline-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
