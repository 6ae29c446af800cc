import { fileURLToPath } from "node:url";
import { bundleMinified, builtEsmEntry } from "../internal/bundle";
import { coldImportMs } from "../internal/cold-import";
import { compressedSizes, type CompressedSizes } from "../internal/compressed-size";
import { formatNumber, formatRatio } from "../internal/format";
import type { BenchContext } from "../context";
import type { BenchResult } from "../result";
import { median, percentile, ratio } from "../stats";

const benchRoot = fileURLToPath(new URL("../../", import.meta.url));

/** The bundles measured: the whole client entry, the one-function use, and openapi-fetch alone. */
export async function measureBundles(): Promise<Record<"clientEntry" | "createClientOnly" | "openapiFetch", CompressedSizes>> {
  const clientEntry = builtEsmEntry("@petstore/client", benchRoot);
  const [entry, createOnly, openapiFetch] = await Promise.all([
    bundleMinified(`export * from ${JSON.stringify(clientEntry)};`, benchRoot),
    bundleMinified(`export { createPetstoreClient } from ${JSON.stringify(clientEntry)};`, benchRoot),
    bundleMinified(`export { default } from "openapi-fetch";`, benchRoot),
  ]);
  return {
    clientEntry: compressedSizes(entry),
    createClientOnly: compressedSizes(createOnly),
    openapiFetch: compressedSizes(openapiFetch),
  };
}

/** Cold import times (ms) of each specifier, `runs` fresh processes each, interleaved. */
export async function measureColdImports<K extends string>(specifiers: Record<K, string>, runs: number): Promise<Record<K, number[]>> {
  const names = Object.keys(specifiers) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let run = 0; run < runs; run++) {
    for (const name of names) samples[name].push(await coldImportMs(specifiers[name], benchRoot));
  }
  return samples;
}

/** Benchmark 3: min+gzip/brotli size of the client entry and cold import time vs openapi-fetch. */
export async function runBundleAndStartup({ scale }: BenchContext): Promise<BenchResult> {
  const sizes = await measureBundles();
  const runs = scale === "full" ? 40 : 2;
  const imports = await measureColdImports({ client: "@petstore/client", openapiFetch: "openapi-fetch" }, runs);
  const clientMedian = median(imports.client);
  const bareMedian = median(imports.openapiFetch);
  const sizeRow = (name: string, s: CompressedSizes) => [name, formatNumber(s.raw), formatNumber(s.gzip), formatNumber(s.brotli)];
  return {
    id: "bundle-and-startup",
    title: "3. Bundle size and start-up",
    method:
      `esbuild (bundle, minify, ESM, browser platform, es2022) over the built ESM entry of \`@petstore/client\` ` +
      `with openapi-fetch and \`@petstore/contract\` inlined; sizes from node:zlib (gzip level 9, brotli quality 11). ` +
      `Cold import: ${runs} fresh \`node\` processes per module, interleaved, each timing \`await import()\` of the built package.`,
    tables: [
      {
        caption: "Minified bundle sizes (bytes)",
        columns: ["bundle", "min", "min+gzip", "min+brotli"],
        rows: [
          sizeRow("`@petstore/client` entry (all exports)", sizes.clientEntry),
          sizeRow("`createPetstoreClient` only (tree-shaken)", sizes.createClientOnly),
          sizeRow("openapi-fetch alone", sizes.openapiFetch),
        ],
      },
      {
        caption: `Cold \`import()\` in a fresh Node process (${runs} runs each)`,
        columns: ["module", "median ms", "p90 ms", "vs openapi-fetch"],
        rows: [
          ["`@petstore/client`", formatNumber(clientMedian, 2), formatNumber(percentile(imports.client, 90), 2), formatRatio(ratio(clientMedian, bareMedian))],
          ["openapi-fetch", formatNumber(bareMedian, 2), formatNumber(percentile(imports.openapiFetch, 90), 2), formatRatio(1)],
        ],
      },
    ],
    targets: [
      { name: "client entry min+gzip, openapi-fetch included", measured: sizes.clientEntry.gzip, limit: 5_000, kind: "max", unit: "B" },
    ],
    notes: [],
  };
}
