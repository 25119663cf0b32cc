import { describe, expect, it } from "vitest";
import { GRANT_TTL_MS } from "#server/media/grants.ts";
import { audioUrl, toneOf, toneWav } from "./tones.ts";

describe("audio chapters' tones", () => {
  it("reads a chapter's tone, and nothing else", () => {
    expect(toneOf("tone:33001-2:18")).toEqual({ seed: "33001-2", seconds: 18 });
    expect(toneOf("tone:x:999")).toEqual({ seed: "x", seconds: 60 });
    expect(toneOf("mp4:1")).toBeNull();
    expect(toneOf("tone:../etc:5")).toBeNull();
  });

  it("draws the same WAV from the same seed, another from another", () => {
    const a = toneWav({ seed: "s1", seconds: 2 });
    expect(a.length).toBe(44 + 2 * 8000);
    expect(new TextDecoder().decode(a.subarray(0, 4))).toBe("RIFF");
    expect(new TextDecoder().decode(a.subarray(8, 16))).toBe("WAVEfmt ");
    expect(toneWav({ seed: "s1", seconds: 2 })).toEqual(a);
    expect(toneWav({ seed: "s2", seconds: 2 })).not.toEqual(a);
  });

  it("signs a grant per chapter, caller and expiry", () => {
    const now = Date.UTC(2026, 10, 26);
    const url = new URL(audioUrl("http://gw", "secret", 7, 42, now));
    expect(url.pathname).toBe("/media/audio/7.wav");
    expect(url.searchParams.get("u")).toBe("42");
    expect(Number(url.searchParams.get("e")) * 1000).toBe(now + GRANT_TTL_MS);
    expect(audioUrl("http://gw", "secret", 8, 42, now)).not.toContain(url.searchParams.get("s")!);
    expect(audioUrl("http://gw", "other", 7, 42, now)).not.toBe(url.href);
  });
});
