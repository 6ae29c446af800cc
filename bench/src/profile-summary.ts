import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The parts of a V8 `.cpuprofile` (written by `node --cpu-prof`) that self-time needs. */
export interface CpuProfile {
  nodes: {
    id: number;
    hitCount?: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
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
 * Self time per function (`name url:line`) and per package, as shares of the busy (non-idle) samples (the folder after the last
 * `node_modules/`, or `node:internal`, `app` for workspace code, `(runtime)` for V8's own frames),
 * highest first.
 */
export function summarizeProfile(
  profile: CpuProfile,
  top = 15,
  options: { skipLoading?: boolean } = {},
): { functions: SelfTime[]; packages: SelfTime[]; idleMs: number; busyMs: number; loadingMs: number } {
  const allHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const msPerHit = allHits === 0 ? 0 : (profile.endTime - profile.startTime) / 1000 / allHits;
  // A server waits most of the time: shares are of the busy samples, so they say where the CPU went.
  const idleHits = profile.nodes.reduce(
    (sum, node) => sum + (node.callFrame.functionName === "(idle)" ? (node.hitCount ?? 0) : 0),
    0,
  );
  const loading = options.skipLoading ? loadingNodes(profile) : new Set<number>();
  const loadingHits = profile.nodes.reduce((sum, node) => sum + (loading.has(node.id) ? (node.hitCount ?? 0) : 0), 0);
  const totalHits = allHits - idleHits - loadingHits;
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0 || node.callFrame.functionName === "(idle)" || loading.has(node.id)) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? ` ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(packages|apps|bench)\//, "$1/")}:${lineNumber + 1}`
      : "";
    add(functions, `${functionName || "(anonymous)"}${where}`, hits);
    add(packages, packageOf(url, functionName), hits);
  }
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, ms: hits * msPerHit, share: totalHits === 0 ? 0 : hits / totalHits }));
  return {
    functions: rank(functions),
    packages: rank(packages),
    idleMs: idleHits * msPerHit,
    busyMs: totalHits * msPerHit,
    loadingMs: loadingHits * msPerHit,
  };
}

/** A frame of Node's module loader (or tsx's hooks): start-up work, not the work a benchmark measures. */
function isLoading(frame: CpuProfile["nodes"][number]["callFrame"]): boolean {
  return frame.url.startsWith("node:internal/modules/") || /\/tsx\/dist\//.test(frame.url);
}

/** Ids of every node called, directly or not, from a module-loading frame (including those frames). */
function loadingNodes(profile: CpuProfile): Set<number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const found = new Set<number>();
  const visit = (id: number, inside: boolean) => {
    const node = byId.get(id);
    if (!node) return;
    const loading = inside || isLoading(node.callFrame);
    if (loading) found.add(id);
    for (const child of node.children ?? []) visit(child, loading);
  };
  const children = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  for (const node of profile.nodes) if (!children.has(node.id)) visit(node.id, false);
  return found;
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

// CLI: `tsx src/profile-summary.ts file.cpuprofile [top] [--skip-loading]` prints both rankings; --skip-loading leaves
// out everything under Node's module loader (start-up), so a server's profile shows what its requests cost.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const skipLoading = args.includes("--skip-loading");
  const [file, top] = args.filter((arg) => arg !== "--skip-loading");
  if (!file) throw new Error("[@petstore/bench] usage: profile-summary.ts <file.cpuprofile> [top] [--skip-loading]");
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const { functions, packages, idleMs, busyMs, loadingMs } = summarizeProfile(profile, Number(top ?? 15), {
    skipLoading,
  });
  // Which benchmark script the process ran, so profiles of several child servers can be told apart.
  const scripts = new Set(
    profile.nodes
      .map((node) => /\/bench\/src\/(children\/[^/]+|run-one)\.ts$/.exec(node.callFrame.url)?.[1])
      .filter(Boolean),
  );
  console.log(
    `${file}: ${[...scripts].join(", ") || "no bench script"}; busy ${busyMs.toFixed(0)} ms, idle ${idleMs.toFixed(0)} ms${skipLoading ? `, module loading left out ${loadingMs.toFixed(0)} ms` : ""}`,
  );
  for (const [title, rows] of Object.entries({ functions, packages })) {
    console.log(`\n${title} by self time (share of busy time)`);
    for (const row of rows)
      console.log(`${row.ms.toFixed(1).padStart(9)} ms ${(row.share * 100).toFixed(1).padStart(5)} %  ${row.name}`);
  }
}
