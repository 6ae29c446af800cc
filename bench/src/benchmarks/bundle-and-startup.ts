import { fileURLToPath } from "node:url";
import { bundleMinified, exportsSubpath } from "../internal/bundle";
import { type BundleCosts, bytesPerFile } from "../internal/bytes-per-file";
import { coldImportMs } from "../internal/cold-import";
import { compressedSizes, type CompressedSizes } from "../internal/compressed-size";
import { formatNumber, formatRatio } from "../internal/format";
import type { BenchContext } from "../context";
import type { BenchResult, ResultTable, TargetCheck } from "../result";
import { median, percentile, ratio } from "../stats";

const benchRoot = fileURLToPath(new URL("../../", import.meta.url));
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** One bundle: the app source esbuild bundles, and what must exist for it to make sense. */
export interface BundleCase {
  label: string;
  source: string;
  /** `[package, subpath]` that must be exported, else the row says the entry is not present. */
  requires?: [string, string];
  /** Packages left out of the bundle (an app already has its peers). */
  external?: string[];
}

/** A measured bundle, or why it could not be. */
export type BundleSize = CompressedSizes | { unavailable: string };

/** Every published entry of the SDK and the mock, and the peers measured the same way. */
export const bundleCases = {
  clientEntry: { label: "`@petstore/client`, every export", source: `export * from "@petstore/client";` },
  createClient: {
    label: "`@petstore/client`: `createPetstoreClient` only (every feature)",
    source: `export { createPetstoreClient } from "@petstore/client";`,
  },
  errorsOnly: {
    label: "`@petstore/client`: `PetstoreError` and `NotFoundError` only",
    source: `export { PetstoreError, NotFoundError } from "@petstore/client";`,
  },
  raw: {
    label: "`@petstore/client/raw`, every export",
    source: `export * from "@petstore/client/raw";`,
    requires: ["@petstore/client", "./raw"],
  },
  query: {
    label: "`@petstore/client/query`, every export",
    source: `export * from "@petstore/client/query";`,
    requires: ["@petstore/client", "./query"],
  },
  mock: {
    label: "`@petstore/mock`, every export (msw, its peer, left out)",
    source: `export * from "@petstore/mock";`,
    external: ["msw", "msw/*"],
  },
  openapiFetch: { label: "openapi-fetch 0.17", source: `export { default } from "openapi-fetch";` },
  ky: { label: "ky 2.1", source: `export { default } from "ky";` },
} satisfies Record<string, BundleCase>;

/** What an app that mocks in the browser ships: msw's worker with one plain handler (the baseline), or with a mock's. */
export const mockAppCases = {
  baseline: {
    label: "msw/browser `setupWorker` with one plain `http.get` handler (baseline)",
    source: `import { setupWorker } from "msw/browser"; import { http, HttpResponse } from "msw";
export const worker = setupWorker(http.get("https://api.petstore.example/v1/pets", () => HttpResponse.json([])));`,
  },
  petstore: {
    label: "… with `createPetstoreHandlers()` instead",
    source: `import { setupWorker } from "msw/browser"; import { createPetstoreHandlers } from "@petstore/mock";
export const worker = setupWorker(...createPetstoreHandlers());`,
  },
  openapiMsw: {
    label: "… with the openapi-msw handlers of benchmark 5 instead",
    source: `import { setupWorker } from "msw/browser"; import { createOpenApiMswHandlers } from "./src/internal/openapi-msw-handlers";
export const worker = setupWorker(...createOpenApiMswHandlers({ baseUrl: "https://api.petstore.example/v1", apiKeys: ["k"], pets: [] }).handlers);`,
  },
} satisfies Record<string, BundleCase>;

/** Bundle one case as a browser app would ship it and measure it; an entry that does not exist yet is n/a, not an error. */
export async function measureBundle(bundle: BundleCase): Promise<BundleSize> {
  if (bundle.requires && !exportsSubpath(bundle.requires[0], bundle.requires[1], benchRoot)) {
    return { unavailable: `entry not present (${bundle.requires[0]} exports no "${bundle.requires[1]}")` };
  }
  return compressedSizes(await bundleMinified(bundle.source, benchRoot, [], bundle.external ?? []));
}

async function measureAll<K extends string>(cases: Record<K, BundleCase>): Promise<Record<K, BundleSize>> {
  const names = Object.keys(cases) as K[];
  const sizes = await Promise.all(names.map((name) => measureBundle(cases[name])));
  return Object.fromEntries(names.map((name, i) => [name, sizes[i]])) as Record<K, BundleSize>;
}

/** The export condition under which the workspace packages resolve to their TypeScript source files. */
const sourceCondition = "@petstore/source";

/** `createPetstoreClient` bundled from source: what each of the client's and contract's files costs in it. */
export function measureClientFiles(): Promise<BundleCosts> {
  return bytesPerFile(bundleCases.createClient.source, benchRoot, repoRoot, [sourceCondition]);
}

/** The bytes-per-file table: one row per source file, largest gzip share first, with the exports it brings. */
export function bytesPerFileTable(costs: BundleCosts): ResultTable {
  const shown = 3;
  const exportsText = (names: string[]) =>
    names.length > shown ? `${names.slice(0, shown).join(", ")} and ${names.length - shown} more` : names.join(", ");
  return {
    caption:
      `\`createPetstoreClient\`: bytes per source file (${formatNumber(costs.minified)} B minified, ` +
      `${formatNumber(costs.gzip)} B min+gzip in all; text shared between files is paid once, ` +
      `so the gzip shares add up to less than the whole)`,
    columns: ["file", "exports kept", "min", "gzip share"],
    textColumns: 2,
    rows: costs.files.map((cost) => [
      `\`${cost.file}\``,
      exportsText(cost.exports),
      formatNumber(cost.minified),
      formatNumber(cost.gzipShare),
    ]),
  };
}

/** Cold import times (ms) of each specifier, `runs` fresh processes each, interleaved. */
export async function measureColdImports<K extends string>(
  specifiers: Record<K, string>,
  runs: number,
): Promise<Record<K, number[]>> {
  const names = Object.keys(specifiers) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let run = 0; run < runs; run++) {
    for (const name of names) samples[name].push(await coldImportMs(specifiers[name], benchRoot));
  }
  return samples;
}

const measured = (size: BundleSize): size is CompressedSizes => !("unavailable" in size);

/** A size target, n/a with the reason when the bundle could not be made. */
function sizeTarget(name: string, size: BundleSize | undefined, limit: number): TargetCheck {
  if (size === undefined) return { name, unavailable: "not measured", limit, kind: "max", unit: "B" };
  return {
    name,
    ...(measured(size) ? { measured: size.gzip } : { unavailable: size.unavailable }),
    limit,
    kind: "max",
    unit: "B",
  };
}

/** Benchmark 3: min+gzip/brotli of every published entry and the peers, what the mock adds to a browser app, cold import. */
export async function runBundleAndStartup({ scale }: BenchContext): Promise<BenchResult> {
  const sizes = await measureAll(bundleCases);
  const apps = await measureAll(mockAppCases);
  const clientFiles = await measureClientFiles();
  const runs = scale === "full" ? 40 : 2;
  const imports = await measureColdImports({ client: "@petstore/client", openapiFetch: "openapi-fetch" }, runs);
  const clientMedian = median(imports.client);
  const bareMedian = median(imports.openapiFetch);
  const sizeRow = (label: string, size: BundleSize) =>
    measured(size)
      ? [label, formatNumber(size.raw), formatNumber(size.gzip), formatNumber(size.brotli)]
      : [label, `n/a — ${size.unavailable}`, "", ""];
  const added = (app: BundleSize): BundleSize => {
    const base = apps.baseline;
    if (!measured(app) || !measured(base)) return measured(app) ? base : app;
    return { raw: app.raw - base.raw, gzip: app.gzip - base.gzip, brotli: app.brotli - base.brotli };
  };
  return {
    id: "bundle-and-startup",
    title: "3. Bundle size and start-up",
    method:
      `esbuild (bundle, minify, ESM, browser platform, es2022) over each published entry as an app imports it ` +
      `(package exports resolved to the built \`dist/\`, every dependency inlined, unused exports shaken out); ` +
      `sizes from node:zlib (gzip level 9, brotli quality 11). An entry that is not exported yet says so instead of failing. ` +
      `"Adds to a browser app" is the difference between a small app using msw/browser's \`setupWorker\` with a mock's handlers and the same app ` +
      `with one plain handler. ` +
      `Bytes per source file: the \`createPetstoreClient\` bundle again, built from the TypeScript source ` +
      `(the \`${sourceCondition}\` export condition) with a metafile and a source map; "min" is esbuild's \`bytesInOutput\` ` +
      `for the file, "gzip share" the gzip-9 size of the whole minus that of the whole with the output characters ` +
      `the source map traces to the file removed; "exports kept" are the file's exported values the bundle keeps. ` +
      `Cold import: ${runs} fresh \`node\` processes per module, interleaved, each timing \`await import()\` of the built package.`,
    tables: [
      {
        caption: "Minified bundle sizes (bytes)",
        columns: ["bundle", "min", "min+gzip", "min+brotli"],
        rows: (Object.keys(bundleCases) as (keyof typeof bundleCases)[]).map((name) =>
          sizeRow(bundleCases[name].label, sizes[name]),
        ),
      },
      bytesPerFileTable(clientFiles),
      {
        caption: "What a mock adds to a browser app (bytes)",
        columns: ["app", "min", "min+gzip", "min+brotli"],
        rows: [
          sizeRow(mockAppCases.baseline.label, apps.baseline),
          sizeRow(mockAppCases.petstore.label, apps.petstore),
          sizeRow("  added by `@petstore/mock`", added(apps.petstore)),
          sizeRow(mockAppCases.openapiMsw.label, apps.openapiMsw),
          sizeRow("  added by openapi-msw and its handlers", added(apps.openapiMsw)),
        ],
      },
      {
        caption: `Cold \`import()\` in a fresh Node process (${runs} runs each)`,
        columns: ["module", "median ms", "p90 ms", "vs openapi-fetch"],
        rows: [
          [
            "`@petstore/client`",
            formatNumber(clientMedian, 2),
            formatNumber(percentile(imports.client, 90), 2),
            formatRatio(ratio(clientMedian, bareMedian)),
          ],
          [
            "openapi-fetch",
            formatNumber(bareMedian, 2),
            formatNumber(percentile(imports.openapiFetch, 90), 2),
            formatRatio(1),
          ],
        ],
      },
    ],
    targets: [
      // Issue 12 set 5,000 B as the goal and 6,000 B as the ceiling when every feature cannot fit the goal; issue 24
      // holds the client to that ceiling.
      sizeTarget("`createPetstoreClient` min+gzip, every feature (issue 12's ceiling)", sizes.createClient, 6_000),
      sizeTarget("error-class-only import min+gzip", sizes.errorsOnly, 500),
      sizeTarget("bytes `@petstore/mock` adds to a browser app, min+gzip", added(apps.petstore), 20_000),
    ],
    notes: [],
  };
}
