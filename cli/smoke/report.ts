import type { SmokeReport, StepResult } from "./types.ts";

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => `&${({ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" } as const)[c as "<"]};`);

/** JUnit XML for CI: one test case per step, named by its id; a failure carries its reason, screenshot and console errors. */
export function junitXml(report: SmokeReport): string {
  const failures = report.steps.filter((s) => s.status === "failed").length;
  const skipped = report.steps.filter((s) => s.status === "skipped").length;
  const cases = report.steps.map((s) => {
    const head = `  <testcase classname="smoke" name="${xml(s.id)}" time="${(s.ms / 1000).toFixed(3)}">`;
    if (s.status === "passed") return `${head}</testcase>`;
    if (s.status === "skipped") return `${head}<skipped message="${xml(s.detail ?? "")}"/></testcase>`;
    const body = [s.detail ?? "", s.screenshot ? `screenshot: ${s.screenshot}` : "", ...(s.consoleErrors ?? []).map((e) => `console: ${e}`)].filter(Boolean).join("\n");
    return `${head}<failure message="${xml(s.detail ?? "failed")}">${xml(body)}</failure></testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="smoke ${xml(report.url)}" tests="${report.steps.length}" failures="${failures}" skipped="${skipped}" time="${(report.ms / 1000).toFixed(3)}" timestamp="${report.startedAt}">`,
    ...cases,
    "</testsuite>",
    "",
  ].join("\n");
}

/** The table's rows: step, result, time, the first screen's LCP (on the step that measured it), and the detail. */
export function tableRows(steps: StepResult[], paint: (style: "green" | "red" | "yellow", text: string) => string): string[][] {
  const tone = { passed: "green", failed: "red", skipped: "yellow" } as const;
  return steps.map((s) => [s.title, paint(tone[s.status], s.status), `${(s.ms / 1000).toFixed(1)} s`, s.lcpMs !== undefined ? `${s.lcpMs} ms` : "", s.detail ?? ""]);
}
