import { Form, Input, Tabs } from "antd-mobile";
import { useState } from "react";
import { data, redirect } from "react-router";
import { accounts } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { ActionForm } from "#app/components/action-form.tsx";
import { afterForm } from "#app/lib/after-form.ts";
import { Page } from "#app/components/page.tsx";
import { quietApi } from "#app/lib/gateway.ts";
import { safeRedirect } from "#app/lib/safe-url.ts";
import { startSession, storedAffCode } from "#app/lib/session.ts";
import { isLoggedIn } from "#app/stores/user.ts";
import type { Route } from "./+types/login";
import "#app/lib/antd-input-clear.tsx";
import "#app/styles/login.css";

type Errors = Partial<Record<"phone" | "password" | "confirm" | "form", string>>;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (isLoggedIn()) throw redirect(target);
  return { target };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent") === "register" ? "register" : "login";
  const phone = String(form.get("phone") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const errors: Errors = {};
  if (!/^1\d{10}$/.test(phone)) errors.phone = "请输入正确的 11 位手机号";
  const { min, max } = accounts.PASSWORD_LENGTH;
  if (password.length < min || password.length > max) errors.password = `密码长度为 ${min}-${max} 位`;
  if (intent === "register" && password !== String(form.get("confirm") ?? "")) errors.confirm = "两次输入的密码不一致";
  if (Object.keys(errors).length) return data({ intent, errors }, { status: 400 });

  try {
    const result =
      intent === "register"
        ? await quietApi(accounts.register, { phone, password, aff_code: storedAffCode() || undefined })
        : await quietApi(accounts.loginByPassword, { phone, password });
    if (!result?.token) return data({ intent, errors: { form: "@用户登录失败" } satisfies Errors }, { status: 400 });
    await startSession(result.token);
  } catch (error) {
    return data({ intent, errors: { form: getErrorMessage(error) } satisfies Errors }, { status: 400 });
  }
  return afterForm(safeRedirect(new URL(request.url).searchParams.get("redirect")));
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [intent, setIntent] = useState<"login" | "register">("login");
  return (
    <Page title={intent === "login" ? "登录" : "注册"}>
      <h1 className="login-title">欢迎来到影音</h1>
      <Tabs activeKey={intent} onChange={(k) => setIntent(k as typeof intent)}>
        <Tabs.Tab title="登录" key="login" />
        <Tabs.Tab title="注册" key="register" />
      </Tabs>
      <ActionForm
        // A login's errors are not the register form's.
        errors={actionData && "intent" in actionData && actionData.intent === intent ? actionData.errors : undefined}
        submitText={intent === "login" ? "登录" : "注册并登录"}
        toSubmission={(v) => ({ intent, phone: String(v.phone ?? ""), password: String(v.password ?? ""), confirm: String(v.confirm ?? "") })}
      >
        <Form.Item name="phone" label="手机号" normalize={(v: string) => v.replace(/\D/g, "")}>
          <Input name="phone" type="tel" inputMode="numeric" autoComplete="tel" placeholder="请输入手机号" maxLength={11} clearable aria-label="手机号" />
        </Form.Item>
        <Form.Item name="password" label="密码">
          <Input name="password" type="password" autoComplete={intent === "login" ? "current-password" : "new-password"} placeholder="请输入密码" maxLength={accounts.PASSWORD_LENGTH.max} aria-label="密码" />
        </Form.Item>
        {intent === "register" && (
          <Form.Item name="confirm" label="确认密码">
            <Input name="confirm" type="password" autoComplete="new-password" placeholder="请再次输入密码" maxLength={accounts.PASSWORD_LENGTH.max} aria-label="确认密码" />
          </Form.Item>
        )}
      </ActionForm>
    </Page>
  );
}

export function meta() {
  return [{ title: "登录 — 影音" }];
}
