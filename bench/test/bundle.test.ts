import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleCases, measureBundle, mockAppCases } from "../src/benchmarks/bundle-and-startup";
import { builtEsmEntry, bundleMinified, exportsSubpath } from "../src/internal/bundle";
import { coldImportMs } from "../src/internal/cold-import";
import { compressedSizes } from "../src/internal/compressed-size";

const benchRoot = fileURLToPath(new URL("../", import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), "petstore-bench-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("compressedSizes", () => {
  it("shrinks repetitive text and cannot shrink random bytes", () => {
    const text = compressedSizes(new TextEncoder().encode("petstore ".repeat(500)));
    expect(text.raw).toBe(4500);
    expect(text.gzip).toBeLessThan(100);
    expect(text.brotli).toBeLessThan(100);
    const noise = compressedSizes(randomBytes(4096));
    expect(noise.gzip).toBeGreaterThanOrEqual(4096);
    expect(noise.brotli).toBeGreaterThanOrEqual(4096);
  });
});

describe("builtEsmEntry", () => {
  it("resolves the file behind exports['.'].import, whether a string or { types, default }", () => {
    expect(builtEsmEntry("@petstore/contract", benchRoot)).toMatch(/packages\/contract\/dist\/index\.js$/);
    expect(builtEsmEntry("openapi-fetch", benchRoot)).toMatch(/openapi-fetch\/dist\/index\.mjs$/);
  });

  it("names a package it cannot resolve", () => {
    expect(() => builtEsmEntry("@petstore/not-a-package", benchRoot)).toThrow();
  });
});

describe("bundleMinified", () => {
  it("inlines every dependency into one minified ESM file that still works", async () => {
    const bytes = await bundleMinified(`export { default } from "openapi-fetch";`, benchRoot);
    const code = new TextDecoder().decode(bytes);
    expect(code).not.toMatch(/from\s*"openapi-fetch"/);
    expect(code.split("\n").length).toBeLessThanOrEqual(3);
    // Imported from a folder with no node_modules: works only if nothing was left external.
    const file = path.join(scratch, "openapi-fetch.bundle.mjs");
    writeFileSync(file, bytes);
    const { default: createClient } = (await import(pathToFileURL(file).href)) as typeof import("openapi-fetch");
    const client = createClient<{
      "/pets": { get: { responses: { 200: { content: { "application/json": { id: number }[] } } } } };
    }>({
      baseUrl: "http://127.0.0.1:9",
      fetch: async () => new Response('[{"id":1}]', { headers: { "content-type": "application/json" } }),
    });
    expect((await client.GET("/pets")).data).toEqual([{ id: 1 }]);
  });

  it("shakes out exports the entry does not re-export", async () => {
    const whole = await bundleMinified(`export * from "@petstore/contract";`, benchRoot);
    const one = await bundleMinified(`export { servers } from "@petstore/contract";`, benchRoot);
    expect(one.byteLength).toBeLessThan(whole.byteLength / 2);
  });
});

describe("coldImportMs", () => {
  it("times an import in a fresh process resolved from the given folder", async () => {
    const ms = await coldImportMs("openapi-fetch", benchRoot);
    expect(ms).toBeGreaterThan(0);
  });

  it("fails when the module cannot be imported", async () => {
    await expect(coldImportMs("@petstore/not-a-package", benchRoot)).rejects.toThrow();
  });
});

describe("bundle benchmark cases", () => {
  it("an entry the package does not export yet is n/a with the reason, never an error", async () => {
    expect(exportsSubpath("@petstore/mock", "./prism", benchRoot)).toBe(true);
    expect(exportsSubpath("@petstore/mock", "./not-an-entry", benchRoot)).toBe(false);
    expect(
      await measureBundle({
        label: "x",
        source: `export * from "@petstore/mock/not-an-entry";`,
        requires: ["@petstore/mock", "./not-an-entry"],
      }),
    ).toEqual({
      unavailable: 'entry not present (@petstore/mock exports no "./not-an-entry")',
    });
  });

  it("an entry that is exported but cannot be bundled fails loudly instead of being n/a", async () => {
    await expect(measureBundle({ label: "x", source: `export * from "@petstore/mock/prism-typo";` })).rejects.toThrow();
  });

  it("leaves a peer out when asked, and the browser apps differ only by the mock's handlers", async () => {
    const withPeer = await measureBundle({ label: "x", source: `export * from "@petstore/mock";` });
    const withoutPeer = await measureBundle(bundleCases.mock);
    expect("gzip" in withPeer && "gzip" in withoutPeer && withoutPeer.gzip < withPeer.gzip).toBe(true);
    const [baseline, petstore] = await Promise.all([
      measureBundle(mockAppCases.baseline),
      measureBundle(mockAppCases.petstore),
    ]);
    expect("gzip" in baseline && "gzip" in petstore && petstore.gzip > baseline.gzip).toBe(true);
  });
});
