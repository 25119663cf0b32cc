import { defineConfig } from "vitest/config";

const integration = {
  environment: "node",
  // Each file in its worker's process and module graph, not a fresh one (decision 106): what a file starts (its
  // gateway, data folder, browser context) is its own, and what it reads of its project (`inject`) is read when
  // called. Re-importing the server, puppeteer and the gateway module per file was a fifth of the run's CPU.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 60_000,
} as const;

// Calls that touch the database run on both: SQLite (the embedded default) and PostgreSQL (a throwaway cluster).
const onBothDatabases = ["server", "dating", "videos", "batch", "contract", "accounts-hardening", "wallet-concurrency", "failover", "services", "orders", "news", "circle", "circle-review", "member-reports", "novels", "comics", "pictures-games", "resources", "audio", "vip-codes", "request-ids", "video-renditions", "video-history", "danmu", "ingest-books", "content-add-video", "content-add-audio", "content-store", "content-take-down"].map(
  (name) => `tests/integration/${name}.test.ts`,
);

export default defineConfig({
  test: {
    // Two files at a time (vitest's default is one fewer than the cores: one on CI's 2-core machine). Each file has
    // its own gateway and database; most of its time is spent waiting on them.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["gateway/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts", "cli/**/*.test.ts", "tests/*.test.ts"],
          environment: "node",
          // One process per worker for all unit files, not one per file: half the project's CPU (decision 090). Each
          // file restores what it changes (stubbed globals, TZ); none holds state another reads.
          isolate: false,
          // ffprobe/ffmpeg runs and the action tests' gateway (seeded from nothing) take seconds on a loaded machine;
          // vitest's 5 s and 10 s defaults failed them there.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/**/*.pg-only.test.ts"],
          globalSetup: ["tests/support/template-setup.ts", "tests/support/entries-setup.ts"],
          ...integration,
        },
      },
      {
        test: {
          name: "integration-pg",
          include: [...onBothDatabases, "tests/integration/**/*.pg-only.test.ts"],
          globalSetup: ["tests/support/postgres-setup.ts", "tests/support/entries-setup.ts"],
          ...integration,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: ["tests/support/template-setup.ts", "tests/support/entries-setup.ts", "tests/support/browser-setup.ts"],
          environment: "node",
          // As the integration projects (decision 106).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Two browser files at a time like the rest (each file has its own browser, gateway, ports and temp
          // folders): ~11 instead of ~16.5 min. Checks that count or time things are made to hold under that load
          // on two cores (frames, not timers; margins that still tell the broken case apart).
        },
      },
    ],
  },
});
