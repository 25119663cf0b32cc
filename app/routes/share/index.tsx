import { Input } from "antd-mobile";
import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import { accounts } from "#gateway/api/index.ts";
import { SPLASH_AFF_PARAM } from "#gateway/config.ts";
import { LinkItem } from "#app/components/link-item.tsx";
import { Page } from "#app/components/page.tsx";
import { ShareQr } from "#app/components/services/share-qr.tsx";
import "#app/components/services/services.css";
import "#app/lib/antd-input-clear.tsx";
import { toast } from "#app/lib/feedback.ts";
import { api } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import { storedAffCode, syncUser } from "#app/lib/session.ts";
import type { Route } from "./+types/index";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  const u = await syncUser();
  // The splash takes the code from the link: `/?aff_code=CODE` (docs/protocol.md §9).
  const link = `${window.location.origin}/?${SPLASH_AFF_PARAM}=${encodeURIComponent(u.aff_code)}`;
  return { code: u.aff_code, link, inviter: u.invite_by_code, suggested: storedAffCode() };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const code = String((await request.formData()).get("aff_code") ?? "").trim();
  if (!code) return { error: "请输入邀请码" };
  // A silent call: it answers nothing on a refusal, so the reasons are said here.
  const bound = await api(accounts.invitation, { aff_code: code });
  if (!bound) return { error: "绑定失败：邀请码不存在、是你自己的，或你已绑定过邀请人" };
  toast("绑定成功", "success");
  return { bound: bound.invite_by_code };
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain http or an old WebView: the selection way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export default function Share({ loaderData: { code, link, inviter, suggested } }: Route.ComponentProps) {
  const [qr, setQr] = useState("");
  const onReady = useCallback((url: string) => setQr(url), []);
  return (
    <Page title="分享推广">
      <section className="share-card" aria-label="我的分享">
        <ShareQr link={link} onReady={onReady} />
        <p className="share-code">
          我的邀请码 <strong data-testid="aff-code">{code}</strong>
        </p>
        <p className="share-link" data-testid="share-link">
          {link}
        </p>
        <div className="share-actions">
          <Button color="primary" onClick={() => void copyText(link).then((ok) => toast(ok ? "链接已复制" : "复制失败，请长按链接手动复制", ok ? "success" : "fail"))}>
            复制链接
          </Button>
          <Button color="primary" fill="outline" disabled={!qr} onClick={() => saveImage(qr, `share-${code}.png`)}>
            保存二维码
          </Button>
        </div>
        <p className="share-hint">也可以长按二维码保存到相册</p>
      </section>
      <List className="my-list">
        <LinkItem to="/share/records">邀请记录</LinkItem>
        <LinkItem to="/share/promotion">推广说明</LinkItem>
      </List>
      <BindInviter inviter={inviter} suggested={suggested} />
    </Page>
  );
}

function saveImage(dataUrl: string, name: string) {
  const a = document.createElement("a");
  a.href = dataUrl;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** Binding an inviter after registering: once, shown until it is done. */
function BindInviter({ inviter, suggested }: { inviter: string; suggested: string }) {
  const fetcher = useFetcher<typeof clientAction>();
  const bound = fetcher.data && "bound" in fetcher.data ? fetcher.data.bound : "";
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : "";
  if (inviter || bound) {
    return (
      <p className="share-hint" data-testid="inviter">
        我的邀请人：{inviter || bound}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="services-form" aria-label="填写邀请码">
      <Input name="aff_code" defaultValue={suggested} maxLength={accounts.MAX_AFF_CODE} placeholder="填写邀请人的邀请码" aria-label="邀请人的邀请码" clearable />
      {error ? (
        <p className="services-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" block loading={fetcher.state !== "idle"}>
        绑定邀请人
      </Button>
    </fetcher.Form>
  );
}

export function meta() {
  return [{ title: "分享推广 — 影音" }];
}
