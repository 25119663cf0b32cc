import { Form, Rate, TextArea } from "antd-mobile";
import { useState } from "react";
import { data, Link } from "react-router";
import { dating } from "#gateway/api/index.ts";
import { uploadConfigOf } from "#gateway/uploads.ts";
import { ActionForm } from "#app/components/action-form.tsx";
import { PhotoPicker, photoAddresses } from "#app/components/media/photo-picker.tsx";
import { requestIdField } from "#app/features/action-fetcher.ts";
import { Page } from "#app/components/page.tsx";
import { afterForm } from "#app/lib/after-form.ts";
import { toast } from "#app/lib/feedback.ts";
import { api, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { attempt } from "#app/lib/silent-call.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import { listingId } from "./listing-id.ts";
import type { Route } from "./+types/dcomment";

const { REVIEW_LENGTH, MAX_REVIEW_IMAGES } = dating;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const id = listingId(request);
  const [listing, config] = await Promise.all(together(() => [api(dating.detail, { id }), syncGlobalConfig().catch(() => null)]));
  return { listing, upload: uploadConfigOf(config) };
}

type Errors = Partial<Record<"rating" | "content" | "form", string>>;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = listingId(request);
  const form = await request.formData();
  const rating = Number(form.get("rating"));
  const content = String(form.get("content") ?? "").trim();
  const images = JSON.parse(String(form.get("images") || "[]")) as string[];
  const errors: Errors = {};
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = "请选择评分";
  if (content.length < REVIEW_LENGTH.min) errors.content = `评价内容至少 ${REVIEW_LENGTH.min} 个字`;
  else if (content.length > REVIEW_LENGTH.max) errors.content = `评价内容最多 ${REVIEW_LENGTH.max} 个字`;
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  // A silent call: the form says the gateway's refusal itself (a used request_id included, decision 065).
  const review = await attempt(dating.createComment, { id, rating, content, images }, requestIdField(form).request_id);
  if (!review.ok) return data({ errors: { form: review.msg || "发布失败，请稍后重试" } satisfies Errors }, { status: 400 });
  toast("评价已发布", "success");
  return afterForm(`/dating/detail?id=${id}`);
}

export default function Dcomment({ loaderData: { listing, upload }, actionData }: Route.ComponentProps) {
  const [uploading, setUploading] = useState(false);
  if (!listing.contact)
    return (
      <Page title="写体验评价">
        <div className="dating-state">
          <p>解锁《{listing.name}》的联系方式后，才能发表体验评价。</p>
          <Link className="adm-button adm-button-primary adm-button-small adm-button-shape-default" to={`/dating/detail?id=${listing.id}`} replace>
            <span>去解锁</span>
          </Link>
        </div>
      </Page>
    );
  return (
    <Page title="写体验评价">
      <p className="dating-terms">评价《{listing.name}》：请如实描述见面体验，文明用语。</p>
      <ActionForm
        errors={actionData?.errors}
        submitText="发布评价"
        once
        busy={uploading}
        initialValues={{ rating: 5, content: "", images: [] }}
        toSubmission={(v) => ({ rating: String(v.rating ?? 0), content: String(v.content ?? ""), images: photoAddresses(v.images) })}
      >
        <Form.Item name="rating" label="评分">
          <Rate aria-label="评分" />
        </Form.Item>
        <Form.Item name="content" label="评价">
          <TextArea placeholder={`说说见面的体验（${REVIEW_LENGTH.min}–${REVIEW_LENGTH.max} 字）`} maxLength={REVIEW_LENGTH.max} showCount rows={4} aria-label="评价内容" />
        </Form.Item>
        <Form.Item name="images" label="图片" description={upload ? `最多 ${MAX_REVIEW_IMAGES} 张` : "上传服务暂不可用"}>
          <PhotoPicker upload={upload} max={MAX_REVIEW_IMAGES} onBusy={setUploading} />
        </Form.Item>
      </ActionForm>
    </Page>
  );
}

export function meta() {
  return [{ title: "写体验评价 — 影音" }];
}
