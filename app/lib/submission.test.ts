import { describe, expect, it } from "vitest";
import { Submission } from "./submission.ts";

describe("Submission", () => {
  it("keeps the id for the same fields sent again, in any key order", () => {
    const s = new Submission();
    const id = s.idFor({ content: "第一条帖子", coins: 10, images: ["a", "b"] });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(s.idFor({ images: ["a", "b"], coins: 10, content: "第一条帖子" })).toBe(id);
  });

  it("gives other fields a new id, and never hands an id back to different content", () => {
    const s = new Submission();
    const first = s.idFor({ content: "第一条帖子", coins: 10 });
    const edited = s.idFor({ content: "第一条帖子", coins: 20 });
    expect(edited).not.toBe(first);
    // An edit undone before the resend: the same submission as before it.
    expect(s.idFor({ content: "第一条帖子", coins: 10 })).toBe(first);
    expect(s.idFor({ content: "第一条帖子", images: ["b", "a"] })).not.toBe(s.idFor({ content: "第一条帖子", images: ["a", "b"] }));
  });

  it("starts a new submission after a success, even with the same fields", () => {
    const s = new Submission();
    const fields = { content: "同样的话再说一遍" };
    const first = s.idFor(fields);
    s.done();
    const second = s.idFor(fields);
    expect(second).not.toBe(first);
    expect(s.idFor(fields)).toBe(second);
  });
});
