import { build } from "esbuild";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bytesPerFileTable, measureClientFiles } from "../src/benchmarks/bundle-and-startup";
import { browserBundle } from "../src/internal/bundle";
import { bytesPerFile, type FileCost } from "../src/internal/bytes-per-file";

const scratch = mkdtempSync(path.join(os.tmpdir(), "petstore-bench-bytes-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// long.ts holds 3,000 characters found nowhere else; echo.ts 1,000 the entry repeats; tiny.ts a few bytes of code.
const unique = randomBytes(1500).toString("hex");
const repeated = randomBytes(500).toString("hex");
writeFileSync(path.join(scratch, "long.ts"), `export const banner = "${unique}";\n`);
writeFileSync(path.join(scratch, "echo.ts"), `export const echo = "${repeated}";\n`);
writeFileSync(
  path.join(scratch, "tiny.ts"),
  "export function twice(n: number) { return n * 2; }\nexport function unused() { return 'shaken out'; }\n",
);
const entry = `import { banner } from "./long"; import { echo } from "./echo"; import { twice } from "./tiny";
export const all = [banner, echo, twice(2), "${repeated}"];`;

const byFile = (files: FileCost[], file: string): FileCost => {
  const found = files.find((cost) => cost.file === file);
  if (!found) throw new Error(`no row for ${file} in ${files.map((cost) => cost.file).join(", ")}`);
  return found;
};

describe("bytesPerFile", () => {
  it("reports each input's minified bytes as esbuild's metafile counts them", async () => {
    const costs = await bytesPerFile(entry, scratch, scratch);
    const { metafile } = await build({
      stdin: { contents: entry, resolveDir: scratch, loader: "ts", sourcefile: "bench-entry.ts" },
      ...browserBundle,
      absWorkingDir: scratch,
      outfile: path.join(scratch, "check.js"),
      metafile: true,
      write: false,
      logLevel: "silent",
    });
    const inputs = metafile.outputs["check.js"]?.inputs ?? {};
    for (const file of ["long.ts", "echo.ts", "tiny.ts"]) {
      expect(byFile(costs.files, file).minified).toBe(inputs[file]?.bytesInOutput);
    }
    expect(byFile(costs.files, "long.ts").minified).toBeGreaterThan(unique.length);
    expect(byFile(costs.files, "long.ts").minified).toBeLessThan(unique.length + 40);
    const summed = costs.files.reduce((sum, cost) => sum + cost.minified, 0);
    expect(summed).toBeLessThanOrEqual(costs.minified);
  });

  it("charges a file for the gzip bytes of its own text, and text found elsewhere once", async () => {
    const costs = await bytesPerFile(entry, scratch, scratch);
    for (const cost of costs.files) {
      expect(cost.gzipShare).toBeGreaterThan(0);
      expect(cost.gzipShare).toBeLessThan(costs.gzip);
    }
    const long = byFile(costs.files, "long.ts");
    const echo = byFile(costs.files, "echo.ts");
    const tiny = byFile(costs.files, "tiny.ts");
    // Hex gzips to about half a byte a character.
    expect(long.gzipShare).toBeGreaterThan(unique.length / 3);
    expect(long.gzipShare).toBeGreaterThan(tiny.gzipShare);
    // echo.ts's 1,000 characters are also in the entry: removing them leaves a copy, so it adds almost nothing.
    expect(echo.minified).toBeGreaterThan(repeated.length);
    expect(echo.gzipShare).toBeLessThan(60);
    expect(costs.files.reduce((sum, cost) => sum + cost.gzipShare, 0)).toBeLessThan(costs.gzip - repeated.length / 3);
    expect(costs.files.map((cost) => cost.gzipShare)).toEqual(
      costs.files.map((cost) => cost.gzipShare).sort((a, b) => b - a),
    );
  });

  it("names the exported values each file brings, leaving out those shaken out", async () => {
    const costs = await bytesPerFile(entry, scratch, scratch);
    expect(byFile(costs.files, "long.ts").exports).toEqual(["banner"]);
    expect(byFile(costs.files, "tiny.ts").exports).toEqual(["twice"]);
  });
});

describe("createPetstoreClient bytes per source file", () => {
  it("is measured over the client's and contract's source files, each row with its path and exports", async () => {
    const costs = await measureClientFiles();
    for (const cost of costs.files) expect(cost.file).toMatch(/^packages\/(client|contract)\/src\/.+\.ts$/);
    expect(byFile(costs.files, "packages/client/src/client.ts").exports).toContain("createPetstoreClient");
    expect(byFile(costs.files, "packages/client/src/errors.ts").exports).toContain("PetstoreError");
    const table = bytesPerFileTable(costs);
    expect(table.rows).toHaveLength(costs.files.length);
    expect(table.caption).toContain(`${costs.gzip.toLocaleString("en-US")} B min+gzip`);
    expect(table.rows.find((row) => row[0] === "`packages/client/src/errors.ts`")?.[1]).toMatch(
      /^PetstoreError, \w+, \w+ and \d+ more$/,
    );
  });
});
