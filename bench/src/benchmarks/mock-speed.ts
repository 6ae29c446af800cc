import { createPetstoreClient } from "@petstore/client";
import type { RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { measureThroughput, type ThroughputOptions } from "../harness";
import { compileChild, runChildJson } from "../internal/cold-child";
import { formatNumber, formatRatio } from "../internal/format";
import { handlersOf, loadPetstoreMock } from "../internal/load-mock";
import { mockSetup, workloadCall } from "../internal/mock-workload";
import { createOpenApiMswHandlers } from "../internal/openapi-msw-handlers";
import type { BenchContext } from "../context";
import type { BenchResult } from "../result";
import { median, percentile, ratio } from "../stats";

/** What one fresh process measured (ms): `bootMs` is Node's start-up before the script, the same for both mocks. */
export interface ColdTimings {
  bootMs: number;
  importMs: number;
  createMs: number;
  listenMs: number;
  callsMs: number;
  totalMs: number;
}

const kinds = ["petstore", "openapi-msw"] as const;
type Kind = (typeof kinds)[number];

/** Cold runs: `runs` fresh `node` processes per mock, interleaved, each doing setup + `calls` SDK calls. */
export async function measureCold(runs: number, calls: number): Promise<Record<Kind, ColdTimings[]>> {
  const child = await compileChild("mock-cold.ts");
  const samples: Record<Kind, ColdTimings[]> = { petstore: [], "openapi-msw": [] };
  for (let run = 0; run < runs; run++) {
    // Alternate which goes first, so neither always follows the other's disk-cache warm-up.
    const order = run % 2 === 0 ? kinds : ([...kinds].reverse() as Kind[]);
    for (const kind of order) samples[kind].push(await runChildJson<ColdTimings>(child, [kind, String(calls)]));
  }
  return samples;
}

/** Both handler sets, and a switch that makes one of them the only handlers of one MSW server, reset to the seed. */
export interface WarmCases {
  petstore: () => Promise<unknown>;
  openapiMsw: () => Promise<unknown>;
  use(kind: "petstore" | "openapiMsw"): void;
  stop(): void;
}

/** One `setupServer` whose handlers are switched between the two sets; the SDK calls the workload through it. */
export async function startWarmCases(): Promise<WarmCases> {
  const { createPetstoreHandlers } = await loadPetstoreMock();
  const petstore = createPetstoreHandlers({
    baseUrls: [mockSetup.baseUrl],
    apiKeys: [mockSetup.apiKey],
    pets: [...mockSetup.pets],
  });
  const peer = createOpenApiMswHandlers({
    baseUrl: mockSetup.baseUrl,
    apiKeys: [mockSetup.apiKey],
    pets: mockSetup.pets,
  });
  const sets: Record<"petstore" | "openapiMsw", { handlers: RequestHandler[]; reset(): void }> = {
    petstore: { handlers: handlersOf(petstore), reset: () => petstore.store.reset() },
    openapiMsw: peer,
  };
  const server = setupServer();
  server.listen({ onUnhandledRequest: "error" });
  const client = createPetstoreClient({ apiKey: mockSetup.apiKey, baseUrl: mockSetup.baseUrl, onDeprecation: false });
  let i = 0;
  const call = () => workloadCall(client, i++);
  return {
    petstore: call,
    openapiMsw: call,
    use(kind) {
      sets[kind].reset();
      server.resetHandlers(...sets[kind].handlers);
      i = 0;
    },
    stop: () => server.close(),
  };
}

const settings: Record<"full" | "quick", { coldRuns: number; warm: ThroughputOptions }> = {
  full: { coldRuns: 20, warm: { warmup: 2_000, rounds: 9, iterations: 1_000 } },
  quick: { coldRuns: 1, warm: { warmup: 4, rounds: 1, iterations: 8 } },
};

/** Benchmark 5: @petstore/mock against openapi-msw handlers doing the same work: cold setup, first calls, warm calls. */
export async function runMockSpeed({ scale }: BenchContext): Promise<BenchResult> {
  const { coldRuns, warm } = settings[scale];
  const calls = 100;
  const cold = await measureCold(coldRuns, calls);
  const cases = await startWarmCases();
  let warmResult;
  try {
    warmResult = await measureThroughput(
      { petstore: cases.petstore, openapiMsw: cases.openapiMsw },
      { ...warm, enter: (name) => cases.use(name as "petstore" | "openapiMsw") },
    );
  } finally {
    cases.stop();
  }
  const med = (kind: Kind, field: keyof ColdTimings) => median(cold[kind].map((sample) => sample[field]));
  const p90 = (kind: Kind, field: keyof ColdTimings) =>
    percentile(
      cold[kind].map((sample) => sample[field]),
      90,
    );
  const coldRow = (label: string, field: keyof ColdTimings) => [
    label,
    formatNumber(med("petstore", field), 2),
    formatNumber(med("openapi-msw", field), 2),
    formatRatio(ratio(med("petstore", field), med("openapi-msw", field))),
    `${formatNumber(p90("petstore", field), 2)} / ${formatNumber(p90("openapi-msw", field), 2)}`,
  ];
  const microsPerCall = (opsPerSecond: number) => 1e6 / opsPerSecond;
  const warmPetstore = microsPerCall(warmResult.petstore.median);
  const warmPeer = microsPerCall(warmResult.openapiMsw.median);
  return {
    id: "mock-speed",
    title: "5. Mock speed",
    method:
      `\`@petstore/mock\` (built) against handlers written with openapi-msw 1.3 that do the same work ` +
      `(\`src/internal/openapi-msw-handlers.ts\`: auth, query and body checks, idempotency keys, Location and deprecation headers; ` +
      `a test proves both answer the benchmark's calls and the usual mistakes alike), both under msw/node \`setupServer\`, seeded with 20 pets. ` +
      `The workload is the SDK's everyday calls in a cycle: list 20, create, get by id, list by status. ` +
      `Cold: ${coldRuns} fresh plain \`node\` processes per mock, interleaved; each times the import of msw/node, the SDK and the mock, ` +
      `creating the handlers, \`listen()\`, and ${calls} SDK calls. Warm: one process, ${warm.rounds} interleaved rounds of ` +
      `${formatNumber(warm.iterations)} calls after ${formatNumber(warm.warmup)} warm-up calls, store reset before each round; median per call.`,
    tables: [
      {
        caption: `Cold: a fresh process, setup + ${calls} SDK calls (median ms of ${coldRuns} processes each)`,
        columns: ["phase", "@petstore/mock", "openapi-msw", "ratio", "p90 (mock / openapi-msw)"],
        rows: [
          coldRow("import msw/node, the SDK and the mock", "importMs"),
          coldRow("create the handlers (`createPetstoreHandlers()`)", "createMs"),
          coldRow("`setupServer(...).listen()` and the SDK client", "listenMs"),
          coldRow(`${calls} SDK calls`, "callsMs"),
          coldRow("**total**", "totalMs"),
        ],
      },
      {
        caption: "Warm: µs per SDK call, in process (median of rounds)",
        columns: ["mock", "µs per call", "vs openapi-msw"],
        rows: [
          ["`@petstore/mock`", formatNumber(warmPetstore, 1), formatRatio(ratio(warmPetstore, warmPeer))],
          ["openapi-msw handlers", formatNumber(warmPeer, 1), formatRatio(1)],
        ],
      },
    ],
    targets: [
      {
        name: "`createPetstoreHandlers()` after import, fresh process",
        measured: med("petstore", "createMs"),
        limit: 5,
        kind: "max",
        unit: "ms",
      },
      {
        name: `cold setup + ${calls} SDK calls ÷ openapi-msw's`,
        measured: ratio(med("petstore", "totalMs"), med("openapi-msw", "totalMs")),
        limit: 1,
        kind: "max",
        unit: "×",
      },
    ],
    notes: [
      `Node's own start-up before the script runs (not counted above, the same for both): median ${formatNumber(med("petstore", "bootMs"), 1)} ms / ${formatNumber(med("openapi-msw", "bootMs"), 1)} ms.`,
    ],
  };
}
