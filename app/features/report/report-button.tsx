import { Button } from "#app/components/kit/button.tsx";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { toast } from "#app/lib/feedback.ts";
import type { clientAction } from "#app/routes/actions/report.ts";
import type { ReportKind } from "./report-kinds.ts";

/**
 * 举报 for an item, a comment, a review or a profile: the member picks a reason (fetched the first time anyone
 * reports), 其他 asks for words. The gateway's answer is shown by the client (举报已提交, 举报已更新). `look="text"`
 * is the plain word of a comment's actions.
 */
export function ReportButton({ kind, id, look, label = "举报" }: { kind: ReportKind; id: number; look?: "text"; label?: string }) {
  const fetcher = useActionFetcher<typeof clientAction>("/actions/report", `report:${kind}:${id}`);
  const { memberOnly } = useMemberOnly();
  const report = (typeId: number, content?: string) => void fetcher.submit({ kind, id, type_id: typeId, content });
  // The questions and the kinds' table load at the tap, not with the screen.
  const pick = () => import("./ask-report.tsx").then((m) => m.askReport(kind, report), () => toast("举报原因加载失败，请稍后重试"));
  const onClick = memberOnly(() => void pick());
  if (look === "text") {
    return (
      <button type="button" className="comment-reply" disabled={fetcher.busy} aria-label={label} onClick={onClick}>
        举报
      </button>
    );
  }
  return (
    <Button className="item-action" size="small" loading={fetcher.busy} onClick={onClick}>
      举报
    </Button>
  );
}
