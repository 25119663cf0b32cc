import { Avatar } from "#app/components/kit/avatar.tsx";
import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { Link } from "react-router";
import { formatCount, formatTime } from "#app/lib/format.ts";
import { myCalls } from "#app/features/early/screens/my.ts";
import { userStore } from "#app/stores/user.ts";
import { LinkItem } from "#app/components/link-item.tsx";
import { TabPage } from "#app/components/tab-bar.tsx";
import { TabPlaceError } from "#app/components/tab-place-error.tsx";
import { ExchangeCodeItem } from "#app/features/services/exchange-code.tsx";
import "#app/styles/screens.css";
import type { Route } from "./+types/my";
import "#app/styles/my.css";

export async function clientLoader() {
  const u = await myCalls.take(undefined).catch(() => userStore.get().u);
  return { u, isLogin: userStore.get().isLogin };
}

const LATER: string[] = [];

export default function My({ loaderData }: Route.ComponentProps) {
  const { u, isLogin } = loaderData;
  return (
    <TabPage>
      <header className="my-header">
        <Avatar src={u?.avatar_url ?? ""} style={{ "--size": "1.6rem", "--border-radius": "50%" }} />
        <div>
          <p className="my-name">{isLogin ? u?.nickname || u?.username : "游客"}</p>
          <div className="my-meta">
            {isLogin ? (
              <>
                {u?.vip ? <span className="badge-vip">VIP</span> : <span>普通会员</span>}
                <span>Lv.{u?.level ?? 0}</span>
                <span>ID {u?.uid}</span>
                {u?.vip_expires_at ? (
                  <span data-testid="vip-end">
                    {u.vip ? "会员到期" : "会员已到期"} {formatTime(u.vip_expires_at)}
                  </span>
                ) : null}
              </>
            ) : (
              <Link to="/login?redirect=%2Fmy">
                <Button size="small" color="primary">
                  登录 / 注册
                </Button>
              </Link>
            )}
          </div>
        </div>
      </header>
      <section className="my-stats" aria-label="账户">
        <div>
          <strong data-testid="coins">{u?.coins ?? 0}</strong>
          <span>金币</span>
        </div>
        <Link to="/user/fans">
          <strong>{formatCount(u?.fans_count)}</strong>
          <span>粉丝</span>
        </Link>
        <Link to="/user/focus">
          <strong>{formatCount(u?.followed_count)}</strong>
          <span>关注</span>
        </Link>
      </section>
      <List className="my-list">
        {isLogin && (
          <LinkItem to="/my/info">个人资料</LinkItem>
        )}
        <LinkItem to="/my/announcement">系统公告</LinkItem>
        {isLogin && (
          <LinkItem to="/my/notice">
            站内消息
            {u?.msg_unread ? (
              <span className="count-badge" aria-label={`${u.msg_unread} 条未读`}>
                {u.msg_unread > 99 ? "99+" : u.msg_unread}
              </span>
            ) : null}
          </LinkItem>
        )}
        {isLogin && (
          <LinkItem to="/my/setting">设置</LinkItem>
        )}
      </List>
      {isLogin && (
        <List className="my-list" header="我的视频">
          <LinkItem to="/my/my-like">我的收藏与点赞</LinkItem>
          <LinkItem to="/my/my-post">我的帖子</LinkItem>
          <LinkItem to="/my/my-purchase">我的购买</LinkItem>
          <LinkItem to="/my/history">观看历史</LinkItem>
          <LinkItem to="/my/my-tickets">我的观影券</LinkItem>
          <LinkItem to="/my/my-dating">我的约会</LinkItem>
        </List>
      )}
      {isLogin && (
        <List className="my-list" header="我的钱包">
          <LinkItem to="/my/recharge">充值中心</LinkItem>
          <LinkItem to="/my/purse">我的钱包</LinkItem>
          <LinkItem to="/my/recharge-records">充值记录</LinkItem>
          <LinkItem to="/my/consumptions">金币明细</LinkItem>
          <LinkItem to="/my/proxy">推广赚钱</LinkItem>
        </List>
      )}
      <List className="my-list" header="更多功能">
        {isLogin && <LinkItem to="/share/index">分享推广</LinkItem>}
        {isLogin && <ExchangeCodeItem />}
        {isLogin && <LinkItem to="/my/my-fans">我的粉丝</LinkItem>}
        {isLogin && <LinkItem to="/my/issues">帮助与反馈</LinkItem>}
        {isLogin && <LinkItem to="/user/customer">在线客服</LinkItem>}
        <LinkItem to="/my/app-center">应用中心</LinkItem>
        {LATER.map((label) => (
          <List.Item key={label} extra={<span className="soon">即将开放</span>} disabled aria-disabled>
            {label}
          </List.Item>
        ))}
      </List>
    </TabPage>
  );
}

export function meta() {
  return [{ title: "我的 — 影音" }];
}

export function ErrorBoundary() {
  return <TabPlaceError title="我的" />;
}
