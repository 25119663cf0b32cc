import { describe, expect, it } from "vitest";
import { creators, video } from "#gateway/api/index.ts";
import { DEMO_FREE_VIDEO_ID } from "#server/content/seed.ts";
import { demoMemberOnGateway } from "./support/demo-member.ts";
import { clientAction, likeOf, likeOutcome } from "#app/routes/actions/like.ts";

function form(kind: string, id: string) {
  const body = new FormData();
  body.set("kind", kind);
  body.set("id", id);
  return body;
}

const like = (kind: string, id: string) =>
  clientAction({ request: new Request("http://app.test/actions/like", { method: "POST", body: form(kind, id) }) } as Parameters<typeof clientAction>[0]);

describe("/actions/like", () => {
  // The real gateway, through the real client (the app's own needs a page to run in, which node has not).
  const on = demoMemberOnGateway();

  it("likes items by id and comments by comment_id, each kind with its own call", () => {
    const cases = [
      ["video", video.like, { id: 8 }],
      ["headline", creators.likeHeadline, { id: 8 }],
      ["video-comment", video.commentLike, { comment_id: 8 }],
      ["headline-comment", creators.likeHeadlineComment, { comment_id: 8 }],
    ] as const;
    for (const [kind, call, input] of cases) expect(likeOf(form(kind, "8")), kind).toEqual({ call, input });
  });

  // The action runs for real here: a call would go to the app's gateway client, which has no page to run in
  // under node and so would answer something else than the refusal.
  it("refuses a kind nobody likes and a missing id, calling nothing", async () => {
    for (const kind of ["cookbook", "cookbook-comment", "comment", "-comment", "constructor", "video-comment-comment"]) {
      expect(likeOf(form(kind, "8")), kind).toBeNull();
      expect(await like(kind, "8"), kind).toEqual({ error: "内容不存在" });
    }
    expect(likeOf(form("video", ""))).toBeNull();
    expect(await like("video", "")).toEqual({ error: "内容不存在" });
  });

  it("answers the like, a failed silent call (no answer) as an error, so the control takes the like back, and a refusal", async () => {
    const liked = await likeOutcome(on.member.send(video.like, { id: DEMO_FREE_VIDEO_ID }));
    expect(liked).toEqual({ like: { is_like: 1, like_count: expect.any(Number) } });
    expect(await likeOutcome(on.member.send(video.like, { id: DEMO_FREE_VIDEO_ID }))).toEqual({ like: { is_like: 0, like_count: liked.like!.like_count - 1 } });
    expect(await likeOutcome(on.member.send(video.commentLike, { comment_id: 99_999_999 }))).toEqual({ error: "点赞失败，请稍后重试" });
    expect(await likeOutcome(on.member.send(creators.likeHeadline, { id: 99_999_999 }))).toEqual({ error: "头条不存在或已删除" });
  });
});
