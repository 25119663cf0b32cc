import { Radio } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { redirect, useFetcher } from "react-router";
import { PROTOCOL_VERSION } from "#gateway/config.ts";
import { Page } from "#app/components/page.tsx";
import { confirmDialog } from "#app/lib/feedback.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { safeRedirect } from "#app/lib/safe-url.ts";
import { endSession } from "#app/lib/session.ts";
import { LinkItem } from "#app/components/link-item.tsx";
import { SPEND_QUESTION_CHOICES } from "#app/features/spend/confirm-spend.ts";
import { OfflineSection } from "#app/features/offline/offline-section.tsx";
import { spendStore } from "#app/stores/spend.ts";
import { useStore } from "#app/stores/use-store.ts";
import type { Route } from "./+types/setting";
import "#app/styles/settings.css";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { version: PROTOCOL_VERSION, buildId: __BUILD_ID__ };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  await endSession();
  return redirect(safeRedirect(String(form.get("to") ?? ""), "/home"));
}

export default function Setting({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const askAbove = useStore(spendStore, (s) => s.askAbove);
  return (
    <Page title="设置">
      <List header="账户">
        <LinkItem to="/my/info">个人资料</LinkItem>
        <LinkItem to="/my/edit">编辑资料</LinkItem>
        <LinkItem to="/my/updatepwd">修改密码</LinkItem>
      </List>
      <List header="花费金币前询问" className="spend-choices">
        <Radio.Group value={askAbove} onChange={(v) => spendStore.set((s) => void (s.askAbove = Number(v)))}>
          {SPEND_QUESTION_CHOICES.map((c) => (
            <List.Item key={c.askAbove}>
              <Radio value={c.askAbove} block>
                {c.label}
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      <OfflineSection />
      <List header="关于">
        <LinkItem to="/my/announcement">系统公告</LinkItem>
        <List.Item extra={`${loaderData.version}（构建 ${loaderData.buildId}）`}>当前版本</List.Item>
      </List>
      <div style={{ padding: "0.53rem 0.4rem" }}>
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          loading={busy}
          disabled={busy}
          onClick={async () => {
            if (await confirmDialog({ title: "退出登录", content: "确定要退出当前账号吗？", confirmText: "退出" })) {
              void fetcher.submit({ to: "/home" }, { method: "post" });
            }
          }}
        >
          退出登录
        </Button>
      </div>
    </Page>
  );
}

export function meta() {
  return [{ title: "设置 — 影音" }];
}
