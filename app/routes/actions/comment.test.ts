import { describe, expect, it } from "vitest";
import { creators, video } from "#gateway/api/index.ts";
import { GatewayError } from "#gateway/errors.ts";
import { clientAction, commentOf, commentOutcome } from "./comment.ts";

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const post = (fields: Record<string, string>) =>
  clientAction({ request: new Request("http://app.test/actions/comment", { method: "POST", body: form(fields) }) } as Parameters<typeof clientAction>[0]);

describe("/actions/comment", () => {
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
    expect(await commentOutcome(Promise.resolve({ id: 9 } as never))).toEqual({ comment: { id: 9 } });
    expect(await commentOutcome(Promise.reject(new GatewayError("status", "评论太频繁")))).toEqual({ error: "评论太频繁" });
  });
});
