import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conformance } from "./helpers/cli";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const trackedReport = join(packageDir, "REPORT.md");
// Where pnpm was typed (INIT_CWD): --report-file resolves against it.
let workdir: string;

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), "petstore-conformance-report-"));
});
afterAll(async () => {
  await rm(workdir, { recursive: true, force: true });
});

describe("the report of `pnpm conformance`", () => {
  it("--report prints the table and leaves the tracked REPORT.md alone", async () => {
    const before = await readFile(trackedReport, "utf8");
    const { stdout } = await conformance("msw", ["--report"], { INIT_CWD: workdir });
    expect(stdout).toContain("# Conformance report");
    expect(stdout).not.toContain("wrote");
    expect(await readFile(trackedReport, "utf8")).toBe(before);
  }, 120_000);

  it("--report-file writes the table to the file the user names, relative to where pnpm ran", async () => {
    const before = await readFile(trackedReport, "utf8");
    const { stdout } = await conformance("msw", ["--report-file", "out/../msw-report.md"], { INIT_CWD: workdir });
    const written = await readFile(join(workdir, "msw-report.md"), "utf8");
    expect(written).toMatch(/^# Conformance report\n/);
    expect(stdout).toContain(written);
    expect(stdout).toContain(`[@petstore/conformance] wrote ${join(workdir, "msw-report.md")}`);
    expect(await readFile(trackedReport, "utf8")).toBe(before);
  }, 120_000);
});
