import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { servers } from "@petstore/contract";
import { parse } from "yaml";
import { codeSamples } from "./code-samples";
import { findExternalAssets } from "./external-assets";
import { guidePage } from "./guide-page";
import { referenceDocument, type OpenApiDocument } from "./reference";
import { referencePage } from "./reference-page";
import { redocStandaloneBundle } from "./redoc-bundle";
import { tryItBundle } from "./try-it-bundle";
import { tryItOperations } from "../try-it/operations";

const require = createRequire(import.meta.url);

/** The folder of the `@petstore/docs` package. */
const docsRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Where and from what the site is built. Every field has a default for the real site. */
export interface BuildOptions {
  /** Output folder, emptied first. Defaults to `apps/docs/dist`. */
  outDir?: string;
  /** The OpenAPI document. Defaults to `@petstore/contract/openapi.yaml`. */
  contractPath?: string;
  /** The SDK guide in Markdown. Defaults to `apps/docs/guide/sdk.md`. */
  guidePath?: string;
}

/** What a build wrote. */
export interface BuildResult {
  outDir: string;
  files: string[];
  bytes: number;
}

/**
 * Builds the static site: `index.html` (the Redoc reference with everything inlined), `guide/index.html`
 * (the SDK guide) and `openapi.yaml`. Fails when any page would load a script, style or font from another host.
 */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const outDir = options.outDir ?? join(docsRoot, "dist");
  const contractPath = options.contractPath ?? require.resolve("@petstore/contract/openapi.yaml");
  const guidePath = options.guidePath ?? join(docsRoot, "guide", "sdk.md");

  const contractSource = await readFile(contractPath, "utf8");
  const contract = parse(contractSource) as OpenApiDocument;
  if (!contract?.info || !contract.paths) {
    throw new Error(`[@petstore/docs] ${contractPath} is not an OpenAPI document (no info or paths).`);
  }
  const redocBundle = await redocStandaloneBundle();
  const guideMarkdown = await readFile(guidePath, "utf8");
  const samples = codeSamples(contract);
  const bundle = await tryItBundle();
  const tryIt = { script: bundle.entry, data: { operations: tryItOperations(contract), servers } };
  const pages = new Map<string, string>([
    ["index.html", referencePage(referenceDocument(contract, { guideMarkdown, samples }), redocBundle, samples, tryIt)],
    ["guide/index.html", guidePage(guideMarkdown)],
    ...bundle.files,
  ]);

  const external = [...pages].flatMap(([file, html]) => findExternalAssets(file, html));
  if (external.length > 0) {
    const list = external.map((a) => `  ${a.file}: ${a.kind} ${a.url}`).join("\n");
    throw new Error(`[@petstore/docs] the site must load nothing from other hosts, but these remain:\n${list}`);
  }

  await rm(outDir, { recursive: true, force: true });
  let bytes = 0;
  for (const [file, html] of pages) {
    const target = join(outDir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, html);
    bytes += Buffer.byteLength(html);
  }
  await copyFile(contractPath, join(outDir, "openapi.yaml"));
  bytes += Buffer.byteLength(contractSource);
  return { outDir, files: [...pages.keys(), "openapi.yaml"], bytes };
}

/** A one-line summary of a build for the terminal. */
export function describeBuild(result: BuildResult): string {
  const where = relative(process.cwd(), result.outDir) || ".";
  return `[@petstore/docs] built ${result.files.join(", ")} into ${where}/ (${(result.bytes / 1024).toFixed(0)} KiB, nothing loaded from other hosts)`;
}
