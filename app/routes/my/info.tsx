import { Avatar } from "#app/components/kit/avatar.tsx";
import { List } from "#app/components/kit/list.tsx";
import { Link } from "react-router";
import { Page } from "#app/components/page.tsx";
import { requireMember } from "#app/lib/require-member.ts";
import { syncUser } from "#app/lib/session.ts";
import type { Route } from "./+types/info";
import "#app/styles/info.css";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { u: await syncUser() };
}

const GENDER = ["保密", "男", "女"];

export default function Info({ loaderData: { u } }: Route.ComponentProps) {
  return (
    <Page title="个人资料">
      <List>
        <List.Item extra={<Avatar src={u.avatar_url} style={{ "--size": "1.2rem", "--border-radius": "50%" }} />}>头像</List.Item>
        <List.Item extra={<span className="info-value">{u.nickname || u.username}</span>}>昵称</List.Item>
        <List.Item extra={u.phone}>手机号</List.Item>
        <List.Item extra={GENDER[u.gender ?? 0]}>性别</List.Item>
        <List.Item extra={u.birthday || "未填写"}>生日</List.Item>
        <List.Item description={u.intro || "这个人很懒，什么都没写"}>简介</List.Item>
        <List.Item extra={u.aff_code}>邀请码</List.Item>
        <List.Item extra={u.invite_by_code || "无"}>邀请人</List.Item>
        <List.Item extra={`${u.coins}`}>金币</List.Item>
        <List.Item extra={u.vip ? "VIP" : "普通会员"}>会员</List.Item>
        <List.Item extra={`Lv.${u.level}`}>等级</List.Item>
      </List>
      <div style={{ padding: "0.4rem" }}>
        <Link className="button-link is-block" to="/my/edit">
          编辑资料
        </Link>
      </div>
    </Page>
  );
}

export function meta() {
  return [{ title: "个人资料 — 影音" }];
}
