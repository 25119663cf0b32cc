import { DatePicker, Form, ImageUploader, Input, TextArea, type ImageUploadItem } from "antd-mobile";
import { useState } from "react";
import { data } from "react-router";
import { accounts } from "#gateway/api/index.ts";
import { jsCrypto } from "#gateway/crypto-js.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { uploadConfigOf, uploadImage } from "#gateway/uploads.ts";
import { ActionForm } from "#app/components/action-form.tsx";
import { afterForm } from "#app/lib/after-form.ts";
import { Page } from "#app/components/page.tsx";
import { Selector } from "#app/components/selector.tsx";
import { toast } from "#app/lib/feedback.ts";
import { quietApi, together } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { syncGlobalConfig, syncUser } from "#app/lib/session.ts";
import type { Route } from "./+types/edit";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const [u, config] = await Promise.all(together(() => [syncUser(), syncGlobalConfig()]));
  return { u, upload: uploadConfigOf(config) };
}

type Errors = Partial<Record<"nickname" | "intro" | "birthday" | "gender" | "form", string>>;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const nickname = String(form.get("nickname") ?? "").trim();
  const intro = String(form.get("intro") ?? "").trim();
  const birthday = String(form.get("birthday") ?? "");
  const gender = Number(form.get("gender") ?? 0);
  const avatar_url = String(form.get("avatar_url") ?? "");
  const errors: Errors = {};
  if (!nickname) errors.nickname = "昵称不能为空";
  else if ([...nickname].length > accounts.MAX_NICKNAME) errors.nickname = `昵称最多 ${accounts.MAX_NICKNAME} 个字`;
  if (![0, 1, 2].includes(gender)) errors.gender = "请选择性别";
  if ([...intro].length > accounts.MAX_INTRO) errors.intro = `简介最多 ${accounts.MAX_INTRO} 个字`;
  if (birthday && !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) errors.birthday = "生日格式应为 YYYY-MM-DD";
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  try {
    await quietApi(accounts.updateInfo, { nickname, intro, birthday, gender, ...(form.get("avatar_changed") === "true" ? { avatar_url } : {}) });
    await syncUser();
  } catch (error) {
    return data({ errors: { form: getErrorMessage(error) } satisfies Errors }, { status: 400 });
  }
  toast("保存成功");
  return afterForm("/my/info");
}

const GENDERS = [
  { label: "保密", value: 0 },
  { label: "男", value: 1 },
  { label: "女", value: 2 },
];

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const parseYmd = (s?: string) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00`) : undefined);

/** Members are adults (the age gate): the picker ends, and so opens, 18 years back rather than today. */
function eighteenYearsAgo() {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 18);
  return d;
}

export default function Edit({ loaderData: { u, upload }, actionData }: Route.ComponentProps) {
  const [adultBirthdayMax] = useState(eighteenYearsAgo);
  const [uploading, setUploading] = useState(false);
  const [uploadFailed, setUploadFailed] = useState(false);

  return (
    <Page title="编辑资料">
      <ActionForm
        errors={actionData?.errors}
        submitText="保存"
        busy={uploading}
        initialValues={{
          avatar: u.avatar_url ? [{ url: u.avatar_url }] : [],
          nickname: u.nickname || u.username,
          gender: [u.gender ?? 0],
          birthday: parseYmd(u.birthday),
          intro: u.intro ?? "",
        }}
        toSubmission={(v) => ({
          avatar_url: (v.avatar as ImageUploadItem[] | undefined)?.[0]?.url ?? "",
          // Only a changed avatar is sent: a new one, or none (removed) to go back to the default.
          avatar_changed: String(((v.avatar as ImageUploadItem[] | undefined)?.[0]?.url ?? "") !== (u.avatar_url ?? "")),
          nickname: String(v.nickname ?? ""),
          gender: String((v.gender as number[] | undefined)?.[0] ?? 0),
          birthday: v.birthday instanceof Date ? ymd(v.birthday) : "",
          intro: String(v.intro ?? ""),
        })}
      >
        <Form.Item
          name="avatar"
          label="头像"
          description={!upload ? "上传服务暂不可用" : uploading ? "上传中…" : uploadFailed ? "上传失败，请重试" : "支持 PNG、JPEG、GIF、WebP，最大 5 MB"}
        >
          <ImageUploader
            maxCount={1}
            disableUpload={!upload}
            accept="image/png,image/jpeg,image/gif,image/webp"
            beforeUpload={(file) => {
              if (file.size > 5 * 1024 * 1024) {
                toast("图片不能超过 5 MB");
                return null;
              }
              return file;
            }}
            upload={async (file) => {
              setUploading(true);
              setUploadFailed(false);
              try {
                return { url: await uploadImage({ config: upload!, file, fileName: file.name, crypto: jsCrypto }) };
              } catch (error) {
                setUploadFailed(true);
                toast(`上传失败：${getErrorMessage(error)}`);
                throw error;
              } finally {
                setUploading(false);
              }
            }}
          />
        </Form.Item>
        <Form.Item name="nickname" label="昵称">
          <Input name="nickname" maxLength={accounts.MAX_NICKNAME} placeholder="请输入昵称" aria-label="昵称" />
        </Form.Item>
        <Form.Item name="gender" label="性别">
          <Selector aria-label="性别" options={GENDERS} />
        </Form.Item>
        {/* The picker opens from a button of its own: a clickable Form.Item renders an <a> without href, which
            a keyboard cannot reach. */}
        <Form.Item name="birthday" label="生日" trigger="onConfirm">
          <BirthdayField max={adultBirthdayMax} />
        </Form.Item>
        <Form.Item name="intro" label="简介">
          <TextArea name="intro" maxLength={accounts.MAX_INTRO} showCount rows={3} placeholder="介绍一下自己" aria-label="简介" />
        </Form.Item>
      </ActionForm>
    </Page>
  );
}

/**
 * The birthday, from a wheel. NOTE: antd-mobile's wheel opens an empty field at today, held to `max`: every
 * column at its last entry, the half below the selection empty. An empty field opens 30 years back instead,
 * without taking that date until 确定.
 */
function BirthdayField({ value, onConfirm, max }: { value?: Date | null; onConfirm?: (date: Date) => void; max: Date }) {
  const [openAt] = useState(() => new Date(max.getFullYear() - 12, 0, 1));
  return (
    <DatePicker min={new Date(1940, 0, 1)} max={max} title="选择生日" value={value ?? openAt} onConfirm={onConfirm}>
      {(_, actions) => (
        <button type="button" className="field-button" onClick={actions.open} aria-label={`生日：${value ? ymd(value) : "未填写"}`}>
          {value ? ymd(value) : <span className="placeholder">未填写</span>}
        </button>
      )}
    </DatePicker>
  );
}

export function meta() {
  return [{ title: "编辑资料 — 影音" }];
}
