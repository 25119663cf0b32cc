import { Checkbox, Form, Input, type ImageUploadItem } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { useState } from "react";
import { data, Link, useLocation } from "react-router";
import { dating } from "#gateway/api/index.ts";
import { applicationProblems, type DatingApplication } from "#gateway/api/dating.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { uploadConfigOf } from "#gateway/uploads.ts";
import { ActionForm } from "#app/components/action-form.tsx";
import { PhotoPicker, photoAddresses } from "#app/components/media/photo-picker.tsx";
import { requestIdField } from "#app/features/action-fetcher.ts";
import { Page } from "#app/components/page.tsx";
import { Selector } from "#app/components/selector.tsx";
import { formatTime } from "#app/lib/format.ts";
import { quietApi, together, api } from "#app/lib/gateway.ts";
import { syncGlobalConfig } from "#app/lib/session.ts";
import { isLoggedIn } from "#app/stores/user.ts";
import type { Route } from "./+types/certify";

export async function clientLoader() {
  const member = isLoggedIn();
  const [page, config] = await Promise.all(together(() => [api(dating.pageJoinUs, undefined), member ? syncGlobalConfig().catch(() => null) : Promise.resolve(null)]));
  return { page, member, upload: uploadConfigOf(config) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const sent = await request.formData();
  const form = Object.fromEntries(sent) as Record<string, string>;
  // The product's messages, beside each field; the same check the gateway makes.
  const errors: Partial<Record<string, string>> = applicationProblems(form);
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  try {
    await quietApi(dating.joinUs, {
      name: form.name!.trim(),
      phone: form.phone!.trim(),
      area_id: Number(form.area_id),
      address: form.address!.trim(),
      images: JSON.parse(form.images || "[]") as string[],
      adult: 1,
      consent: 1,
      ...requestIdField(sent),
    });
  } catch (error) {
    return data({ errors: { form: getErrorMessage(error) } }, { status: 400 });
  }
  return { errors: undefined };
}

const STATES = { submitted: "审核中", approved: "已通过", rejected: "未通过" } as const;

export default function Certify({ loaderData: { page, member, upload }, actionData }: Route.ComponentProps) {
  const application = page.application;
  const location = useLocation();
  const [uploading, setUploading] = useState(false);
  const canApply = member && (!application || application.status === "rejected");
  return (
    <Page title={page.title}>
      <section className="dating-section">
        <p>{page.content}</p>
      </section>
      {application && <ApplicationState application={application} />}
      <ol className="dating-terms">
        {page.terms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ol>
      {!member && (
        <div className="dating-state">
          <Link to={`/login?redirect=${encodeURIComponent(location.pathname)}`}>
            <Button color="primary" size="small">
              登录后申请
            </Button>
          </Link>
        </div>
      )}
      {canApply && (
        <ActionForm
          errors={actionData?.errors}
          submitText={application ? "重新提交申请" : "提交申请"}
          once
          busy={uploading}
          initialValues={{
            name: application?.name ?? "",
            phone: application?.phone ?? "",
            area_id: application ? [application.area_id] : [],
            address: application?.address ?? "",
            images: application?.images.map((url) => ({ url })) ?? [],
            adult: false,
            consent: false,
          }}
          toSubmission={(v) => ({
            name: String(v.name ?? ""),
            phone: String(v.phone ?? ""),
            area_id: String((v.area_id as number[] | undefined)?.[0] ?? ""),
            address: String(v.address ?? ""),
            images: photoAddresses(v.images as ImageUploadItem[]),
            adult: v.adult ? "1" : "0",
            consent: v.consent ? "1" : "0",
          })}
        >
          <Form.Item name="name" label="姓名">
            <Input placeholder="真实姓名" maxLength={dating.MAX_APPLICANT_NAME} aria-label="姓名" />
          </Form.Item>
          <Form.Item name="phone" label="手机号">
            <Input placeholder="11 位手机号" type="tel" maxLength={11} aria-label="手机号" />
          </Form.Item>
          <Form.Item name="area_id" label="地区">
            <Selector aria-label="地区" options={page.areas.map((a) => ({ label: a.name, value: a.id }))} />
          </Form.Item>
          <Form.Item name="address" label="地址">
            <Input placeholder="详细地址" maxLength={dating.MAX_ADDRESS} aria-label="地址" />
          </Form.Item>
          <Form.Item name="images" label="照片" description={upload ? `本人近照，最多 ${dating.MAX_APPLICATION_IMAGES} 张` : "上传服务暂不可用"}>
            <PhotoPicker upload={upload} max={dating.MAX_APPLICATION_IMAGES} onBusy={setUploading} />
          </Form.Item>
          <Form.Item name="adult" valuePropName="checked">
            <Checkbox>我确认已年满 18 周岁</Checkbox>
          </Form.Item>
          <Form.Item name="consent" valuePropName="checked">
            <Checkbox>我确认信息主体本人知情并同意发布</Checkbox>
          </Form.Item>
        </ActionForm>
      )}
    </Page>
  );
}

function ApplicationState({ application }: { application: DatingApplication }) {
  return (
    <section className="dating-state" aria-label="申请状态">
      <p>
        申请状态：<strong>{STATES[application.status]}</strong>
      </p>
      <p className="dating-card-meta">
        {application.name} · {application.area} · 提交于 {formatTime(application.created_at)}
      </p>
      {application.status === "submitted" && <p>平台会在 1–3 个工作日内完成审核，请耐心等待。</p>}
      {application.status === "approved" && <p>你的信息已获得「官方认证」标识。</p>}
      {application.status === "rejected" && <p>未通过原因：{application.reason}。修改后可重新提交。</p>}
    </section>
  );
}

export function meta() {
  return [{ title: "官方认证 — 影音" }];
}
