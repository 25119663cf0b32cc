import { describe, expect, it } from "vitest";
import { junitXml, tableRows } from "./report.ts";
import { STEPS, stepsFor } from "./steps.ts";
import type { SmokeReport } from "./types.ts";

const report: SmokeReport = {
  url: "https://app.example.com",
  device: "iPhone 13",
  throttle: "none",
  startedAt: "2026-11-27T00:00:00.000Z",
  ms: 4200,
  passed: false,
  steps: [
    { id: "age-gate", title: "age gate", status: "passed", ms: 1200 },
    { id: "search", title: "a search answers", status: "failed", ms: 3000, detail: 'search results did not show (a.video-card) <"&>', screenshot: "/tmp/search.png", consoleErrors: ["HTTP 500"] },
    { id: "dating-listing", title: "a dating listing opens", status: "skipped", ms: 10, detail: "no dating listing on /dating" },
  ],
};

describe("smoke verdict", () => {
  it("writes one JUnit test case per step, named by its id, with the failure's reason, screenshot and console errors escaped", () => {
    const xml = junitXml(report);
    expect(xml).toMatch(/<testsuite name="smoke https:\/\/app.example.com" tests="3" failures="1" skipped="1"/);
    expect(xml).toContain('<testcase classname="smoke" name="age-gate" time="1.200"></testcase>');
    expect(xml).toContain('<failure message="search results did not show (a.video-card) &lt;&quot;&amp;&gt;">');
    expect(xml).toContain("screenshot: /tmp/search.png\nconsole: HTTP 500</failure>");
    expect(xml).toContain('<skipped message="no dating listing on /dating"/>');
  });

  it("shows step, result, time, LCP and detail", () => {
    expect(tableRows(report.steps, (_s, t) => t)[1]).toEqual(["a search answers", "failed", "3.0 s", "", 'search results did not show (a.video-card) <"&>']);
  });
});

describe("smoke steps", () => {
  it("are read-only without a member; writes only with --writes; the purchase only with --spend too", () => {
    const needs = (opts: Parameters<typeof stepsFor>[0]) => [...new Set(stepsFor(opts).map((s) => s.need))];
    expect(needs({ writes: true, spend: 5 })).toEqual(["visitor"]);
    expect(needs({ member: {}, writes: false, spend: 5 })).toEqual(["visitor", "member"]);
    expect(needs({ member: {}, writes: true })).toEqual(["visitor", "member", "writes"]);
    expect(needs({ member: {}, writes: true, spend: 5 })).toEqual(["visitor", "member", "writes", "spend"]);
    expect(STEPS.filter((s) => s.need === "spend").map((s) => s.id)).toEqual(["purchase"]);
  });

  it("name no ids: every link is found by its kind", () => {
    expect(JSON.stringify(STEPS)).not.toMatch(/id=\d/);
    expect(new Set(STEPS.map((s) => s.id)).size).toBe(STEPS.length);
  });
});
