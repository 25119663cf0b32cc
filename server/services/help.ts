import { z } from "zod";
import { services } from "#gateway/api/index.ts";
import type { DB } from "#server/db/index.ts";
import { defineHandler } from "#server/http/registry.ts";

/** The help page's questions and answers, in the operators' order. */
export const helpFeedbackList = defineHandler(services.helpFeedbackList, {
  auth: "guest",
  input: z.object({}),
  cacheMs: 60_000,
  handle: async ({ db }) => ({ data: await db.all<services.HelpQuestion>("SELECT id, question, answer FROM help_questions ORDER BY sort, id") }),
});

const HELP: [string, string][] = [
  ["如何获得金币？", "可以通过充值、兑换码或参与活动获得金币，金币可用于解锁视频与打赏。"],
  ["兑换码在哪里使用？", "在「我的」页面点击「兑换码」，输入兑换码即可领取金币、VIP 天数或观影券。每个兑换码每人只能使用一次；兑换码过期或名额领完后无法再使用。"],
  ["如何邀请好友？", "在「分享推广」页面复制链接或保存二维码发送给好友，好友注册后即成为你的邀请用户。"],
  ["视频播放卡顿怎么办？", "请在设置中切换线路，或稍后再试；若仍有问题，请提交反馈或联系在线客服。"],
  ["反馈多久会有回复？", "我们会在 1 至 2 个工作日内回复，回复会显示在「我的反馈」中。"],
];

/** The help page's demo questions, while there are none. */
export async function seedHelp(db: DB) {
  if (await db.get("SELECT 1 FROM help_questions")) return;
  for (const [i, [question, answer]] of HELP.entries()) await db.run("INSERT INTO help_questions (question, answer, sort) VALUES (?, ?, ?)", [question, answer, i]);
}
