import { beforeEach, describe, expect, it, vi } from "vitest";
import { creators, video } from "#gateway/api/index.ts";
import { api } from "#app/lib/gateway.ts";
import { clientAction } from "./like.ts";

vi.mock("#app/lib/gateway.ts", () => ({ api: vi.fn() }));
const call = vi.mocked(api);

function like(kind: string, id: string) {
  const body = new FormData();
  body.set("kind", kind);
  body.set("id", id);
  const request = new Request("http://app.test/actions/like", { method: "POST", body });
  return clientAction({ request } as Parameters<typeof clientAction>[0]);
}

describe("/actions/like", () => {
  beforeEach(() => void call.mockClear());

  it("likes items by id and comments by comment_id, each kind with its own call", async () => {
    call.mockResolvedValue({ is_like: 1, like_count: 5 });
    const cases = [
      ["video", video.like, { id: 8 }],
      ["headline", creators.likeHeadline, { id: 8 }],
      ["video-comment", video.commentLike, { comment_id: 8 }],
      ["headline-comment", creators.likeHeadlineComment, { comment_id: 8 }],
    ] as const;
    for (const [kind, endpoint, input] of cases) {
      expect(await like(kind, "8")).toEqual({ like: { is_like: 1, like_count: 5 } });
      expect(call).toHaveBeenLastCalledWith(endpoint, input);
    }
  });

  it("refuses a kind nobody likes and a missing id, calling nothing", async () => {
    for (const kind of ["cookbook", "cookbook-comment", "comment", "-comment", "constructor", "video-comment-comment"]) expect(await like(kind, "8"), kind).toEqual({ error: "内容不存在" });
    expect(await like("video", "")).toEqual({ error: "内容不存在" });
    expect(call).not.toHaveBeenCalled();
  });

  it("answers a failed silent call (no answer) as an error, so the control takes the like back", async () => {
    call.mockResolvedValue(undefined);
    expect(await like("video-comment", "8")).toEqual({ error: "点赞失败，请稍后重试" });
  });
});
