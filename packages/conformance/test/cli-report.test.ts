import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const trackedReport = join(packageDir, "REPORT.md");
let workdir: string;

/** Runs the CLI as `pnpm conformance -- …` does, as if pnpm had been typed in `workdir` (INIT_CWD). */
function conformance(...args: string[]) {
  return promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=@petstore/source",
      "src/cli.ts",
      "--target",
      "msw",
      "--fuzz-requests",
      "0",
      ...args,
    ],
    {
      cwd: packageDir,
      env: { ...process.env, INIT_CWD: workdir, NO_COLOR: "1" },
    },
  );
}

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), "petstore-conformance-report-"));
});
afterAll(async () => {
  await rm(workdir, { recursive: true, force: true });
});

describe("the report of `pnpm conformance`", () => {
  it("--report prints the table and leaves the tracked REPORT.md alone", async () => {
    const before = await readFile(trackedReport, "utf8");
    const { stdout } = await conformance("--report");
    expect(stdout).toContain("# Conformance report");
    expect(stdout).not.toContain("wrote");
    expect(await readFile(trackedReport, "utf8")).toBe(before);
  }, 120_000);

  it("--report-file writes the table to the file the user names, relative to where pnpm ran", async () => {
    const before = await readFile(trackedReport, "utf8");
    const { stdout } = await conformance("--report-file", "out/../msw-report.md");
    const written = await readFile(join(workdir, "msw-report.md"), "utf8");
    expect(written).toMatch(/^# Conformance report\n/);
    expect(stdout).toContain(written);
    expect(stdout).toContain(`[@petstore/conformance] wrote ${join(workdir, "msw-report.md")}`);
    expect(await readFile(trackedReport, "utf8")).toBe(before);
  }, 120_000);
});
