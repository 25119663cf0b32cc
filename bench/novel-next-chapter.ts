// Turning past the last page of a novel chapter whose next chapter was prefetched, on an emulated phone at 4×
// CPU throttling (issue 19): the time from the tap to the next chapter's text on screen. Prints figures only.
import { FIRST_NOVEL_ID } from "#server/resources/novels/seed.ts";
import { line, withBuiltApp } from "./built-app.ts";
import { phone } from "./phone.ts";
// The seed's third novel is free: a visitor reads every chapter.
const NOVEL = FIRST_NOVEL_ID + 2;
const TURNS = 5;

export async function benchNovelNextChapter() {
  console.log("\nNovel reader: the tap past a chapter's last page to the prefetched next chapter, emulated phone at 4× CPU");
  await withBuiltApp(async ({ url, browser, column }) => {
    const chapters = column<number>("SELECT id FROM item_units WHERE item_id = ? ORDER BY seq", NOVEL);
    const times: number[] = [];
    const page = await phone(browser);
    const cdp = await page.createCDPSession();
    await page.goto(`${url}/home`, { waitUntil: "networkidle0" });
    for (let k = 0; k < Math.min(TURNS, chapters.length - 1); k++) {
      const [from, to] = [chapters[k]!, chapters[k + 1]!];
      // Opened at its last page (position 1), as a member who read to the end of it, and who has seen the tap
      // zones' hint (a first reader's first tap only closes it).
      await page.evaluate(
        (item, unit) => {
          localStorage.setItem(`novel-position:${item}`, JSON.stringify({ item_id: item, unit_id: unit, position: 1, updated_at: Date.now() }));
          localStorage.setItem("___NOVEL_ZONES_HINT__", "1");
        },
        NOVEL,
        from,
      );
      await page.goto(`${url}/novel/reader?id=${NOVEL}&chapter=${from}`, { waitUntil: "networkidle0" });
      await page.waitForFunction(() => {
        const r = document.querySelector<HTMLElement>("[data-testid=reader]");
        return r?.dataset.nextReady === "1" && Number(r.dataset.page) === Number(r.dataset.pages) - 1;
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      // Page side: the tap's time (the finger lifted), then the first frame after the next chapter's text is in.
      await page.evaluate((next) => {
        const w = window as unknown as { benchTurn: Promise<number> };
        w.benchTurn = new Promise((resolve) => {
          let tapped = 0;
          document.addEventListener("touchend", (e) => (tapped = e.timeStamp), { capture: true, once: true });
          const shown = () => {
            const r = document.querySelector<HTMLElement>("[data-testid=reader]");
            return r?.dataset.chapterId === String(next) && Boolean(r.querySelector(".reader-columns p"));
          };
          const seen = new MutationObserver(() => {
            if (!shown()) return;
            seen.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - tapped), 0));
          });
          seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-chapter-id"] });
        });
      }, to);
      const box = (await (await page.$("[data-testid=reader]"))!.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width * 0.85, box.y + box.height / 2);
      times.push(await page.evaluate(() => (window as unknown as { benchTurn: Promise<number> }).benchTurn));
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    }
    const sorted = [...times].sort((a, b) => a - b);
    line("turns measured", String(times.length), `novel ${NOVEL}, chapters 1–${times.length + 1}`);
    line("tap → next chapter's text, median", `${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms`, "target ≤ 100 ms");
    line("tap → next chapter's text, worst", `${(sorted[sorted.length - 1] ?? 0).toFixed(0)} ms`, "target ≤ 100 ms");
  });
}
