// Runs one benchmark in this (fresh) process and writes its result as JSON to the given file.
// main.ts starts one such process per benchmark so JIT state, MSW's fetch patch and core pinning never leak across.
import { writeFileSync } from "node:fs";
import { benchmarks } from "./benchmarks/index";
import { cpuPlacement, pinProcess } from "./internal/cpu-placement";

const [id, scale, outFile] = process.argv.slice(2);
const load = id === undefined ? undefined : benchmarks[id];
if (!load || (scale !== "full" && scale !== "quick") || !outFile) {
  throw new Error(`[@petstore/bench] usage: run-one.ts <${Object.keys(benchmarks).join("|")}> <full|quick> <out.json>`);
}
// Pin this process (the load generator) before anything runs; servers it starts go to the other core.
const placement = cpuPlacement();
if (placement) pinProcess(process.pid, placement.loadGenerator);
const run = await load();
writeFileSync(outFile, JSON.stringify(await run({ scale, ...(placement ? { placement } : {}) })));
