import { ImageUploader, Input, List, Selector, TextArea, Toast, type ImageUploadItem } from "antd-mobile";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { accounts } from "#gateway/api/index.ts";
import { jsCrypto } from "#gateway/crypto-js.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { uploadImage } from "#gateway/uploads.ts";
import { FormSubmit } from "#app/components/form-submit.tsx";
import { Page } from "#app/components/page.tsx";
import { api, TOAST_MS } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { syncGlobalConfig, syncUser } from "#app/lib/session.ts";
import type { Route } from "./+types/edit";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const [u, config] = await Promise.all([syncUser(), syncGlobalConfig()]);
  return { u, upload: config?.upload ?? null };
}

type Errors = Partial<Record<"nickname" | "intro" | "birthday" | "form", string>>;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const nickname = String(form.get("nickname") ?? "").trim();
  const intro = String(form.get("intro") ?? "").trim();
  const birthday = String(form.get("birthday") ?? "");
  const gender = Number(form.get("gender") ?? 0);
  const avatar_url = String(form.get("avatar_url") ?? "");
  const errors: Errors = {};
  if (!nickname) errors.nickname = "昵称不能为空";
  else if ([...nickname].length > 20) errors.nickname = "昵称最多 20 个字";
  if ([...intro].length > 200) errors.intro = "简介最多 200 个字";
  if (birthday && !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) errors.birthday = "生日格式应为 YYYY-MM-DD";
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  try {
    await api(accounts.updateInfo, { nickname, intro, birthday, gender, ...(avatar_url ? { avatar_url } : {}) });
    await syncUser();
  } catch (error) {
    return data({ errors: { form: getErrorMessage(error) } satisfies Errors }, { status: 400 });
  }
  Toast.show({ content: "保存成功", duration: TOAST_MS });
  return redirect("/info");
}

export default function Edit({ loaderData: { u, upload }, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const errors: Errors = actionData?.errors ?? {};
  const [avatar, setAvatar] = useState<ImageUploadItem[]>(u.avatar_url ? [{ url: u.avatar_url }] : []);
  const [uploading, setUploading] = useState(false);
  const [gender, setGender] = useState(u.gender ?? 0);

  return (
    <Page title="编辑资料">
      <Form method="post" replace>
        <input type="hidden" name="avatar_url" value={avatar[0]?.url ?? ""} />
        <input type="hidden" name="gender" value={gender} />
        <List>
          <List.Item title="头像" description={upload ? "支持 PNG、JPEG、GIF、WebP，最大 5 MB" : "上传服务暂不可用"}>
            <ImageUploader
              value={avatar}
              onChange={setAvatar}
              maxCount={1}
              disableUpload={!upload}
              accept="image/png,image/jpeg,image/gif,image/webp"
              beforeUpload={(file) => {
                if (file.size > 5 * 1024 * 1024) {
                  Toast.show({ content: "图片不能超过 5 MB", duration: TOAST_MS });
                  return null;
                }
                return file;
              }}
              upload={async (file) => {
                setUploading(true);
                try {
                  return { url: await uploadImage({ config: upload!, file, fileName: file.name, crypto: jsCrypto }) };
                } catch (error) {
                  Toast.show({ content: `上传失败：${getErrorMessage(error)}`, duration: TOAST_MS });
                  throw error;
                } finally {
                  setUploading(false);
                }
              }}
            />
          </List.Item>
          <List.Item title="昵称" description={errors.nickname}>
            <Input name="nickname" defaultValue={u.nickname || u.username} maxLength={20} placeholder="请输入昵称" aria-label="昵称" />
          </List.Item>
          <List.Item title="性别">
            <Selector
              options={[
                { label: "保密", value: 0 },
                { label: "男", value: 1 },
                { label: "女", value: 2 },
              ]}
              value={[gender]}
              onChange={(v) => v.length && setGender(v[0]!)}
            />
          </List.Item>
          <List.Item title="生日" description={errors.birthday}>
            <input className="native-input" type="date" name="birthday" defaultValue={u.birthday ?? ""} aria-label="生日" />
          </List.Item>
          <List.Item title="简介" description={errors.intro}>
            <TextArea name="intro" defaultValue={u.intro ?? ""} maxLength={200} showCount rows={3} placeholder="介绍一下自己" aria-label="简介" />
          </List.Item>
        </List>
        <FormSubmit error={errors.form} pending={submitting} disabled={uploading}>
          保存
        </FormSubmit>
      </Form>
    </Page>
  );
}

export function meta() {
  return [{ title: "编辑资料 — 影音" }];
}
