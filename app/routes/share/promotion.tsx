import { Page } from "#app/components/page.tsx";
import "#app/components/services/services.css";

export default function Promotion() {
  return (
    <Page title="推广说明">
      <article className="prose">
        <h2>如何推广</h2>
        <ol>
          <li>在「分享推广」页面复制你的专属链接，或保存二维码图片。</li>
          <li>将链接或二维码发送给好友，好友打开链接后注册，即自动成为你的邀请用户。</li>
          <li>好友注册时未使用链接的，可以在「分享推广」页面填写你的邀请码完成绑定（每人只能绑定一次）。</li>
        </ol>
        <h2>邀请记录</h2>
        <p>在「邀请记录」中可以查看你邀请的所有用户及其注册时间。</p>
        <h2>注意事项</h2>
        <p>不能填写自己的邀请码，也不能绑定自己邀请的用户。刷量、作弊等行为一经发现将取消相关权益。</p>
      </article>
    </Page>
  );
}

export function meta() {
  return [{ title: "推广说明 — 影音" }];
}
