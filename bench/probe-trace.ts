// Temporary probe: a trace of a cold load at 4x CPU; long tasks with what they spent their time on.
import { readFileSync } from "node:fs";
import { withBuiltApp } from "./built-app.ts";
import { phone } from "./phone.ts";

const screens = process.argv.slice(2);
await withBuiltApp(async ({ url, browser }) => {
  for (const screen of screens) {
    const page = await phone(browser);
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.tracing.start({ path: "/tmp/trace.json", categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8"] });
    await page.goto(`${url}${screen}`, { waitUntil: "networkidle0" });
    await new Promise((r) => setTimeout(r, 1500));
    await page.tracing.stop();
    await page.browserContext().close();
    const { traceEvents } = JSON.parse(readFileSync("/tmp/trace.json", "utf8")) as { traceEvents: { name: string; ts: number; dur?: number; tid: number; pid: number; ph: string; args?: { data?: { url?: string; functionName?: string } } }[] };
    const mains = traceEvents.filter((e) => e.name === "thread_name" && (e.args as { name?: string })?.name === "CrRendererMain");
    const count = (m: { tid: number }) => traceEvents.filter((e) => e.tid === m.tid && e.name === "RunTask").length;
    const main = mains.sort((a, b) => count(b) - count(a))[0];
    const evs = traceEvents.filter((e) => e.tid === main?.tid && e.pid === main?.pid && e.ph === "X" && e.dur);
    const nav = traceEvents.find((e) => e.name === "navigationStart")?.ts ?? evs[0]!.ts;
    const tasks = evs.filter((e) => e.name === "RunTask" && e.dur! > 50_000);
    console.log(`\n== ${screen}: ${tasks.length} tasks over 50 ms, blocking ${tasks.reduce((s, t) => s + t.dur! / 1000 - 50, 0).toFixed(0)} ms`);
    for (const t of tasks) {
      const inside = evs.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!);
      const sum = (names: string[]) => inside.filter((e) => names.includes(e.name)).reduce((s, e) => s + e.dur!, 0) / 1000;
      const top = inside.filter((e) => ["FunctionCall", "EvaluateScript", "v8.compile", "V8.CompileModule", "v8.evaluateModule", "TimerFire", "FireAnimationFrame", "EventDispatch", "RunMicrotasks", "v8.run"].includes(e.name)).sort((a, b) => b.dur! - a.dur!)[0];
      console.log(`  at ${((t.ts - nav) / 1000).toFixed(0).padStart(5)} ${(t.dur! / 1000).toFixed(0).padStart(4)} ms: style ${sum(["UpdateLayoutTree", "RecalculateStyles"]).toFixed(0)} layout ${sum(["Layout"]).toFixed(0)} paint ${sum(["Paint", "PrePaint"]).toFixed(0)} compile ${sum(["v8.compile", "V8.CompileModule", "v8.compileModule"]).toFixed(0)} parseHTML ${sum(["ParseHTML"]).toFixed(0)} top ${top?.name} ${(top?.dur ?? 0) / 1000 | 0} ${(top?.args?.data?.url ?? top?.args?.data?.functionName ?? "").toString().replace(url, "").slice(0, 60)}`);
    }
  }
});
