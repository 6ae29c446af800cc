import { decodedMappings, TraceMap } from "@jridgewell/trace-mapping";
import { build } from "esbuild";
import path from "node:path";
import { browserBundle } from "./bundle";
import { gzipSize } from "./compressed-size";

/** What one source file costs in a minified bundle. */
export interface FileCost {
  /** The file's path relative to the root the bundle was made from. */
  file: string;
  /** The file's exported functions, classes and variables that the bundle keeps, in source order. */
  exports: string[];
  /** Bytes of the minified output that came from this file (esbuild's `bytesInOutput`). */
  minified: number;
  /** What the file adds to the gzipped whole: its gzip size minus that of the whole without this file's characters. */
  gzipShare: number;
}

/** A minified bundle's size, and what each source file in it costs, largest gzip share first. */
export interface BundleCosts {
  minified: number;
  gzip: number;
  files: FileCost[];
}

const exportedValue = /^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/gm;

/**
 * Bundle a module source (resolved from `resolveDir`) as `bundleMinified` does and measure each input file: its bytes
 * in the output, and its gzip share, found by removing the output characters the source map traces to it. Shared
 * text is paid once, so the shares add up to less than the whole. Paths are relative to `rootDir`.
 */
export async function bytesPerFile(
  source: string,
  resolveDir: string,
  rootDir: string,
  conditions: string[] = [],
): Promise<BundleCosts> {
  const outfile = path.join(rootDir, "bytes-per-file.js");
  const result = await build({
    stdin: { contents: source, resolveDir, loader: "ts", sourcefile: "bench-entry.ts" },
    ...browserBundle,
    conditions,
    absWorkingDir: rootDir,
    outfile,
    metafile: true,
    sourcemap: "external",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles.find((file) => file.path === outfile);
  const mapFile = result.outputFiles.find((file) => file.path === `${outfile}.map`);
  const meta = result.metafile.outputs[path.relative(rootDir, outfile)];
  if (!code || !mapFile || !meta) throw new Error("[@petstore/bench] esbuild produced no output or source map");

  const map = new TraceMap(mapFile.text);
  const text = code.text;
  // The index into map.sources of the file each output character came from; -1 for glue no file owns.
  const owner = new Int32Array(text.length).fill(-1);
  const namesOf = map.sources.map(() => new Set<string>());
  let lineStart = 0;
  const lines = text.split("\n");
  for (const [index, segments] of decodedMappings(map).entries()) {
    const lineLength = lines[index]?.length ?? 0;
    for (const [i, segment] of segments.entries()) {
      const end = segments[i + 1]?.[0] ?? lineLength;
      if (segment.length === 1) continue;
      owner.fill(segment[1], lineStart + segment[0], lineStart + end);
      if (segment.length === 5) namesOf[segment[1]]?.add(map.names[segment[4]] ?? "");
    }
    lineStart += lineLength + 1;
  }

  const encoder = new TextEncoder();
  const whole = gzipSize(code.contents);
  const files = map.sources.flatMap((file, index): FileCost[] => {
    const minified = file === null ? 0 : (meta.inputs[file]?.bytesInOutput ?? 0);
    if (file === null || minified === 0) return [];
    let rest = "";
    for (let at = 0; at < text.length; at++) if (owner[at] !== index) rest += text[at];
    const declared = [...(map.sourcesContent?.[index] ?? "").matchAll(exportedValue)].map((match) => match[1] ?? "");
    return [
      {
        file,
        exports: declared.filter((name) => namesOf[index]?.has(name)),
        minified,
        gzipShare: whole - gzipSize(encoder.encode(rest)),
      },
    ];
  });
  files.sort((a, b) => b.gzipShare - a.gzipShare || b.minified - a.minified);
  return { minified: code.contents.byteLength, gzip: whole, files };
}
