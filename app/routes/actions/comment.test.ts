import { beforeEach, describe, expect, it, vi } from "vitest";
import { creators, video } from "#gateway/api/index.ts";
import { GatewayError } from "#gateway/errors.ts";
import { api } from "#app/lib/gateway.ts";
import { clientAction } from "./comment.ts";

vi.mock("#app/lib/gateway.ts", () => ({ api: vi.fn() }));
const call = vi.mocked(api);

function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request("http://app.test/actions/comment", { method: "POST", body });
  return clientAction({ request } as Parameters<typeof clientAction>[0]);
}

describe("/actions/comment", () => {
  beforeEach(() => void call.mockClear());

  it("posts a video's comment and a headline's reply with their own calls, trimmed", async () => {
    call.mockResolvedValue({ id: 9 });
    expect(await post({ kind: "video", id: "3", content: "  好看  " })).toEqual({ comment: { id: 9 } });
    expect(call).toHaveBeenLastCalledWith(video.comment, { id: 3, content: "好看" });
    await post({ kind: "headline", id: "4", content: "同意", reply_to: "7" });
    expect(call).toHaveBeenLastCalledWith(creators.commentHeadline, { id: 4, content: "同意", reply_to: 7 });
  });

  it("sends the submission's request_id, so a resend of the same comment is answered with the first", async () => {
    call.mockResolvedValue({ id: 9 });
    await post({ kind: "video", id: "3", content: "好看", request_id: "abc123" });
    expect(call).toHaveBeenLastCalledWith(video.comment, { id: 3, content: "好看", request_id: "abc123" });
  });

  it("refuses an unknown kind, a missing item, empty words and words past the kind's limit, calling nothing", async () => {
    expect(await post({ kind: "cookbook", id: "3", content: "好看" })).toEqual({ error: "内容不存在" });
    expect(await post({ kind: "toString", id: "3", content: "好看" })).toEqual({ error: "内容不存在" });
    expect(await post({ kind: "video", id: "0", content: "好看" })).toEqual({ error: "内容不存在" });
    expect(await post({ kind: "video", id: "3", content: "   " })).toEqual({ error: "请输入评论内容" });
    expect(await post({ kind: "video", id: "3", content: "字".repeat(video.MAX_COMMENT + 1) })).toEqual({ error: `评论最多 ${video.MAX_COMMENT} 字` });
    expect(await post({ kind: "headline", id: "3", content: "字".repeat(creators.MAX_HEADLINE_COMMENT + 1) })).toEqual({
      error: `评论最多 ${creators.MAX_HEADLINE_COMMENT} 字`,
    });
    expect(call).not.toHaveBeenCalled();
  });

  it("answers the gateway's refusal as the error", async () => {
    call.mockRejectedValue(new GatewayError("status", "评论太频繁"));
    expect(await post({ kind: "video", id: "3", content: "好看" })).toEqual({ error: "评论太频繁" });
  });
});
