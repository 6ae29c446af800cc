import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

// Inside the Petstore monorepo this script installs Debian's Chromium when it is missing; a copy of this app has
// no such script and uses the browser it finds.
const MONOREPO_INSTALLER = fileURLToPath(new URL("../../../../../scripts/ensure-chromium.sh", import.meta.url));

/**
 * The Chromium to drive: `CHROMIUM_PATH`, else `/usr/bin/chromium` (installed first when this app is inside the
 * monorepo), or why there is none (the browser tests then skip and print it).
 */
export function findChromium(): Promise<{ path: string } | { reason: string }> {
  const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(path)) return Promise.resolve({ path });
  if (!existsSync(MONOREPO_INSTALLER)) {
    return Promise.resolve({ reason: `no Chromium at ${path}; install one or point CHROMIUM_PATH at it` });
  }
  return new Promise((resolve) => {
    execFile("bash", [MONOREPO_INSTALLER], { timeout: 600_000 }, (error, stdout, stderr) => {
      if (error) resolve({ reason: stderr.trim() || error.message });
      else resolve({ path: stdout.trim() });
    });
  });
}

/** Launches headless Chromium: no sandbox (CI runs as root), no GPU, no background traffic off loopback. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
