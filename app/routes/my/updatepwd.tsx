import { Form, Input } from "antd-mobile";
import { data } from "react-router";
import { accounts } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { ActionForm } from "#app/components/action-form.tsx";
import { afterForm } from "#app/lib/after-form.ts";
import { Page } from "#app/components/page.tsx";
import { toast } from "#app/lib/feedback.ts";
import { quietApi } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/updatepwd";

type Errors = Partial<Record<"old_password" | "new_password" | "confirm" | "form", string>>;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return null;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const old_password = String(form.get("old_password") ?? "");
  const new_password = String(form.get("new_password") ?? "");
  const errors: Errors = {};
  if (!old_password) errors.old_password = "请输入原密码";
  const { min, max } = accounts.PASSWORD_LENGTH;
  if (new_password.length < min || new_password.length > max) errors.new_password = `新密码长度为 ${min}-${max} 位`;
  else if (new_password === old_password) errors.new_password = "新密码不能与原密码相同";
  if (new_password !== String(form.get("confirm") ?? "")) errors.confirm = "两次输入的密码不一致";
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  try {
    await quietApi(accounts.updatePwd, { old_password, new_password });
  } catch (error) {
    return data({ errors: { form: getErrorMessage(error) } satisfies Errors }, { status: 400 });
  }
  toast("密码已修改");
  return afterForm("/my/setting");
}

export default function UpdatePwd({ actionData }: Route.ComponentProps) {
  return (
    <Page title="修改密码">
      <ActionForm errors={actionData?.errors} submitText="确认修改">
        <Form.Item name="old_password" label="原密码">
          <Input name="old_password" type="password" autoComplete="current-password" placeholder="请输入原密码" aria-label="原密码" />
        </Form.Item>
        <Form.Item name="new_password" label="新密码">
          <Input name="new_password" type="password" autoComplete="new-password" placeholder={`${accounts.PASSWORD_LENGTH.min}-${accounts.PASSWORD_LENGTH.max} 位`} maxLength={accounts.PASSWORD_LENGTH.max} aria-label="新密码" />
        </Form.Item>
        <Form.Item name="confirm" label="确认新密码">
          <Input name="confirm" type="password" autoComplete="new-password" placeholder="再次输入新密码" maxLength={accounts.PASSWORD_LENGTH.max} aria-label="确认新密码" />
        </Form.Item>
      </ActionForm>
    </Page>
  );
}

export function meta() {
  return [{ title: "修改密码 — 影音" }];
}
