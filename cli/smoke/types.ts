/** What a smoke run is asked to do (validated from the command's options in cli/commands/smoke.ts). */
export interface SmokeOptions {
  url: string;
  device: "iPhone 13" | "Pixel 7";
  throttle: "4g" | "3g" | "none";
  chromium: string;
  /** A member to sign in: by phone and password, or by a CLI profile's device id and token. */
  member?: { phone: string; password: string } | { profile: string; oauthId: string; token: string };
  writes: boolean;
  /** The most coins the one purchase may take; undefined: no purchase. */
  spend?: number;
  /** Lines to ping and run the calls through (`--lines`); empty: none. */
  lines: string[];
  /** Folder for failure screenshots. */
  outDir: string;
  har?: string;
  /** Milliseconds a step waits for what it looks for. */
  stepTimeoutMs: number;
}

export type StepStatus = "passed" | "failed" | "skipped";

export interface StepResult {
  id: string;
  title: string;
  status: StepStatus;
  ms: number;
  /** Why it failed or was skipped; what it found when it passed (a balance, a line's answer). */
  detail?: string;
  /** The first screen's largest contentful paint, on the step that measures it. */
  lcpMs?: number;
  screenshot?: string;
  consoleErrors?: string[];
}

export interface SmokeReport {
  url: string;
  device: string;
  throttle: string;
  startedAt: string;
  ms: number;
  lcpMs?: number;
  passed: boolean;
  steps: StepResult[];
  har?: string;
}
