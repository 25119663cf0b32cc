import { getErrorMessage } from "#gateway/errors.ts";
import { idField, kindField } from "#app/features/action-fetcher.ts";
import { REPORT_KINDS, type ReportCalls } from "#app/features/report/report-kinds.ts";
import { api } from "#app/lib/gateway.ts";
import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/report";

/** Reports an item of any kind for a reason (`type_id`), with words for 其他 (`content`). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const kind = kindField(form, REPORT_KINDS);
  const id = idField(form, "id");
  const typeId = idField(form, "type_id");
  if (!kind || !id) return { error: "内容不存在" };
  if (!typeId) return { error: "请选择举报原因" };
  const content = String(form.get("content") ?? "").trim();
  try {
    // A shown call: the gateway client toasts its answer.
    const calls: ReportCalls = REPORT_KINDS[kind];
    const fields = { id, type_id: typeId, ...(content ? { content } : {}) };
    await ("target" in calls ? api(calls.report, { ...fields, kind: calls.target }) : api(calls.report, fields));
    return { reported: true };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

/** Not a screen: opened as a page, it is not found. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}
