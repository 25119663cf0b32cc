import { Button } from "#app/components/kit/button.tsx";
import { useActionFetcher } from "#app/features/action-fetcher.ts";
import { useMemberOnly } from "#app/features/member-only.ts";
import { toast } from "#app/lib/feedback.ts";
import type { clientAction } from "#app/routes/actions/report.ts";
import type { ReportCalls, ReportKind } from "./report-kinds.ts";

const OTHER_REASON = "其他";

/** The reason for 其他, in words: the dialog will not submit without them. */
async function askReason(maxLength: number, then: (content: string) => void) {
  const [{ Dialog }, { TextArea }] = await Promise.all([import("#app/lib/overlays.ts"), import("#app/lib/form-fields.ts")]);
  let value = "";
  const dialog = Dialog.show({
    title: "举报原因",
    content: <TextArea placeholder="请说明举报原因" maxLength={maxLength} rows={3} autoFocus onChange={(v) => (value = v)} aria-label="举报说明" />,
    closeOnAction: false,
    actions: [
      [
        { key: "cancel", text: "取消", onClick: () => dialog.close() },
        {
          key: "submit",
          text: "提交",
          bold: true,
          onClick: () => {
            // Empty, the dialog stays open.
            if (!value.trim()) return void toast("请填写举报原因");
            dialog.close();
            then(value.trim());
          },
        },
      ],
    ],
  });
}

/**
 * 举报 for an item, a comment, a review or a profile: the member picks a reason (fetched the first time anyone
 * reports), 其他 asks for words. The gateway's answer is shown by the client (举报已提交, 举报已更新). `look="text"`
 * is the plain word of a comment's actions.
 */
export function ReportButton({ kind, id, look, label = "举报" }: { kind: ReportKind; id: number; look?: "text"; label?: string }) {
  const fetcher = useActionFetcher<typeof clientAction>("/actions/report", `report:${kind}:${id}`);
  const { memberOnly } = useMemberOnly();
  const report = (typeId: number, content?: string) => void fetcher.submit({ kind, id, type_id: typeId, content });
  const pick = async () => {
    // The table names every area's calls: it loads at the tap, with the sheet, not with the screen.
    const calls: ReportCalls = (await import("./report-kinds.ts")).REPORT_KINDS[kind];
    const types = await calls.reasons().catch(() => []);
    if (!types.length) return void toast("举报原因加载失败，请稍后重试");
    const { ActionSheet } = await import("#app/lib/overlays.ts");
    ActionSheet.show({
      extra: "选择举报原因",
      cancelText: "取消",
      closeOnAction: true,
      actions: types.map((t) => ({ key: String(t.id), text: t.name })),
      onAction: (a) => {
        const type = types.find((t) => String(t.id) === a.key);
        if (!type) return;
        // 其他 says nothing by itself: it asks for the reason in words.
        if (type.name === OTHER_REASON) void askReason(calls.maxLength, (content) => report(type.id, content));
        else report(type.id);
      },
    });
  };
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
