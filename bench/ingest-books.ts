// `npm run bench -- ingest`: what the operator waits for when publishing a comic and a novel (issue 38, decision
// 086): `content add-comic` on a 200-page CBZ and `content add-novel` on a 2 MB TXT, each run as the operator runs it
// (a process on a fresh data folder), beside the same process doing nothing (`content list`): its start-up, this
// machine's floor. Median of 3. Prints figures only.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { placeholderPng } from "#server/media/placeholder-png.ts";
import { makeZip } from "../tests/support/zip.ts";

const ROOT = resolve(import.meta.dirname, "..");
const line = (label: string, value: string, target = "") => console.log(`  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   (${target})` : ""}`);
const RUNS = 3;
const PAGES = 200;
const NOVEL_BYTES = 2 * 1024 * 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(dataDir: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  await promisify(execFile)(process.execPath, ["--import", "tsx", "server/admin/index.ts", "content", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "error" },
    maxBuffer: 64 * 1024 * 1024,
  });
  return performance.now() - t0;
}

/** A novel of `bytes` in UTF-8: chapters of about 3 000 characters under 第N章 headings. */
function novelText(bytes: number): string {
  const paragraph = "清晨的港口起了雾，邮差沿着河岸慢慢地走，把一封旧信送回了钟楼下的茶馆。".repeat(4);
  const parts: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n++) {
    const chapter = `第${n}章 雾中来信\n${Array.from({ length: 20 }, () => `　　${paragraph}`).join("\n")}\n`;
    parts.push(chapter);
    size += Buffer.byteLength(chapter);
  }
  return parts.join("");
}

export async function benchIngestBooks() {
  console.log(`\nIngest: add-comic on a ${PAGES}-page CBZ and add-novel on a 2 MB TXT, each a process on a fresh data folder (median of ${RUNS})`);
  const work = mkdtempSync(join(tmpdir(), "gw-bench-ingest-"));
  try {
    const pages = Array.from({ length: PAGES }, (_, i) => ({ name: `第${Math.floor(i / 20) + 1}话/${(i % 20) + 1}.png`, data: placeholderPng(`bench-${i}`, 720, 1024), method: 0 as const }));
    const cbz = join(work, "comic.cbz");
    const archive = makeZip(pages);
    writeFileSync(cbz, archive);
    const txt = join(work, "novel.txt");
    writeFileSync(txt, novelText(NOVEL_BYTES));
    const floor: number[] = [];
    const comic: number[] = [];
    const novel: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const dataDir = join(work, `data-${run}`);
      floor.push(await timed(dataDir, ["list"]));
      comic.push(await timed(dataDir, ["add-comic", cbz, "--title", "基准漫画", "--json"]));
      novel.push(await timed(dataDir, ["add-novel", txt, "--title", "基准小说", "--yes", "--json"]));
    }
    const f = median(floor);
    line("process start-up (content list)", `${(f / 1000).toFixed(2)} s`, "the floor");
    line(`add-comic, ${PAGES} pages (720x1024 PNG, ${(archive.length / 1024 / 1024).toFixed(1)} MB)`, `${(median(comic) / 1000).toFixed(2)} s`, `${((median(comic) - f) / PAGES).toFixed(1)} ms a page past the floor`);
    line("add-novel, 2 MB TXT", `${(median(novel) / 1000).toFixed(2)} s`, `${((median(novel) - f) / 1000).toFixed(2)} s past the floor`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
