import { basename } from "node:path";

/**
 * Puppeteer's headless mode for a Chromium binary: Chromium's headless shell (Debian's chromium-headless-shell, what
 * servers often have) runs only in its own mode, the browser in the new headless mode.
 */
export const headlessMode = (executablePath: string): "shell" | true => (basename(executablePath).includes("headless-shell") ? "shell" : true);
