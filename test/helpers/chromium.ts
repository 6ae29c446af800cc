import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

const ENSURE_SCRIPT = fileURLToPath(new URL("../../scripts/ensure-chromium.sh", import.meta.url));

/** Flags for headless Chromium on a CI box (shared by the docs-site and web-example tests): no sandbox (root), no GPU, and no background traffic off loopback. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Runs scripts/ensure-chromium.sh: the browser's path, or why there is none. */
export function ensureChromium(): Promise<{ path: string } | { reason: string }> {
  return new Promise((resolve) => {
    execFile("bash", [ENSURE_SCRIPT], { timeout: 600_000 }, (error, stdout, stderr) => {
      if (error) resolve({ reason: stderr.trim() || error.message });
      else resolve({ path: stdout.trim() });
    });
  });
}

/** Launches headless Chromium from `executablePath`. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
