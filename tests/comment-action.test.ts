import { describe, expect, it } from "vitest";
import { creators, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { demoMemberOnGateway } from "./support/demo-member.ts";
import { clientAction, commentOf, commentOutcome } from "#app/routes/actions/comment.ts";

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const post = (fields: Record<string, string>) =>
  clientAction({ request: new Request("http://app.test/actions/comment", { method: "POST", body: form(fields) }) } as Parameters<typeof clientAction>[0]);

describe("/actions/comment", () => {
  // The real gateway, through the real client (the app's own needs a page to run in, which node has not).
  const on = demoMemberOnGateway();

  it("posts a video's comment and a headline's reply with their own calls, trimmed", () => {
    expect(commentOf(form({ kind: "video", id: "3", content: "  好看  " }))).toEqual({ call: video.comment, input: { id: 3, content: "好看" } });
    expect(commentOf(form({ kind: "headline", id: "4", content: "同意", reply_to: "7" }))).toEqual({
      call: creators.commentHeadline,
      input: { id: 4, content: "同意", reply_to: 7 },
    });
  });

  it("sends the submission's request_id, so a resend of the same comment is answered with the first", () => {
    expect(commentOf(form({ kind: "video", id: "3", content: "好看", request_id: "abc123" }))).toEqual({
      call: video.comment,
      input: { id: 3, content: "好看", request_id: "abc123" },
    });
  });

  // The action runs for real here: a call would go to the app's gateway client, which has no page to run in
  // under node and so would answer something else than the refusal.
  it("refuses an unknown kind, a missing item, empty words and words past the kind's limit, calling nothing", async () => {
    const refused = [
      [{ kind: "cookbook", id: "3", content: "好看" }, "内容不存在"],
      [{ kind: "toString", id: "3", content: "好看" }, "内容不存在"],
      [{ kind: "video", id: "0", content: "好看" }, "内容不存在"],
      [{ kind: "video", id: "3", content: "   " }, "请输入评论内容"],
      [{ kind: "video", id: "3", content: "字".repeat(video.MAX_COMMENT + 1) }, `评论最多 ${video.MAX_COMMENT} 字`],
      [{ kind: "headline", id: "3", content: "字".repeat(creators.MAX_HEADLINE_COMMENT + 1) }, `评论最多 ${creators.MAX_HEADLINE_COMMENT} 字`],
    ] as const;
    for (const [fields, error] of refused) {
      expect(commentOf(form(fields)), error).toEqual({ error });
      expect(await post(fields), error).toEqual({ error });
    }
  });

  it("answers the posted comment, and the gateway's refusal as the error", async () => {
    expect(await commentOutcome(on.member.send(video.comment, { id: DEMO_FREE_VIDEO_ID, content: "好看" }))).toMatchObject({ comment: { content: "好看", user: { uid: 1 } } });
    expect(await commentOutcome(on.member.send(video.comment, { id: 99_999_999, content: "好看" }))).toEqual({ error: "视频不存在或已下架" });
  });
});
