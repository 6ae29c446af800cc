import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The parts of a V8 `.cpuprofile` (written by `node --cpu-prof`) that self-time needs. */
export interface CpuProfile {
  nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

/** Self time of one function or package, in ms and as a share of all samples. */
export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

/**
 * Self time per function (`name url:line`) and per package (the folder after the last
 * `node_modules/`, or `node:internal`, `app` for workspace code, `(runtime)` for V8's own frames),
 * highest first.
 */
export function summarizeProfile(profile: CpuProfile, top = 15): { functions: SelfTime[]; packages: SelfTime[] } {
  const totalHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const msPerHit = totalHits === 0 ? 0 : (profile.endTime - profile.startTime) / 1000 / totalHits;
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(packages|apps|bench)\//, "$1/")}:${lineNumber + 1}` : "";
    add(functions, `${functionName || "(anonymous)"}${where}`, hits);
    add(packages, packageOf(url, functionName), hits);
  }
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, ms: hits * msPerHit, share: totalHits === 0 ? 0 : hits / totalHits }));
  return { functions: rank(functions), packages: rank(packages) };
}

/** Which package a frame's script belongs to. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(runtime)";
  if (url.startsWith("node:")) return "node:internal";
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(url);
  if (match?.[1]) return match[1];
  const workspace = /\/(packages|apps)\/([^/]+)\//.exec(url);
  return workspace ? `${workspace[1]}/${workspace[2]}` : "app";
}

function add(map: Map<string, number>, key: string, hits: number): void {
  map.set(key, (map.get(key) ?? 0) + hits);
}

// CLI: `tsx src/profile-summary.ts file.cpuprofile [top]` prints both rankings.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error("[@petstore/bench] usage: profile-summary.ts <file.cpuprofile> [top]");
  const summary = summarizeProfile(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, Number(top ?? 15));
  for (const [title, rows] of Object.entries(summary)) {
    console.log(`\n${title} by self time`);
    for (const row of rows) console.log(`${row.ms.toFixed(1).padStart(9)} ms ${(row.share * 100).toFixed(1).padStart(5)} %  ${row.name}`);
  }
}
