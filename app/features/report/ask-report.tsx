import { toast } from "#app/lib/feedback.ts";
import { REPORT_KINDS, type ReportCalls, type ReportKind } from "./report-kinds.ts";

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
 * What a tap on 举报 asks: a reason from the gateway's list (fetched the first time anyone reports), and for 其他
 * the reason in words; then `report` with the choice. Loaded at the tap with the kinds' table, which names every
 * area's calls, not with the screen.
 */
export async function askReport(kind: ReportKind, report: (typeId: number, content?: string) => void) {
  const calls: ReportCalls = REPORT_KINDS[kind];
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
}
