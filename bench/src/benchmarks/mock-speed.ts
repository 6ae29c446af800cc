import { createPetstoreClient } from "@petstore/client";
import type { Pet } from "@petstore/contract";
import { setupServer } from "msw/node";
import { benchApiKey, inProcessBaseUrl } from "../fixtures";
import { measureThroughput, type ThroughputOptions } from "../harness";
import { startChildServer, type ChildServer } from "../internal/child-server";
import { formatNumber, formatRatio } from "../internal/format";
import { handlersOf, loadPetstoreMock } from "../internal/load-mock";
import { listPetsExample } from "../internal/prism-example";
import type { BenchContext } from "../context";
import type { BenchResult } from "../result";
import { ratio } from "../stats";

/** The SDK listing pets through the MSW handlers (in process) and through Prism (loopback). */
export interface MockCases {
  msw: () => Promise<Pet[]>;
  prism: () => Promise<Pet[]>;
  stop(): Promise<void>;
}

/**
 * Start MSW's node interceptor with the mock's handlers seeded with the contract's listPets example
 * (what Prism serves), and Prism in a child process, so both paths return the same pets.
 */
export async function startMockCases(cpu?: number): Promise<MockCases> {
  // Keep the unpatched fetch for Prism, so its calls don't also pay for MSW's interception.
  const unpatchedFetch = globalThis.fetch;
  const { createPetstoreHandlers } = await loadPetstoreMock();
  const handlers = handlersOf(
    createPetstoreHandlers({ pets: listPetsExample(), apiKeys: [benchApiKey], baseUrls: [inProcessBaseUrl] }),
  );
  const msw = setupServer(...handlers);
  msw.listen({ onUnhandledRequest: "bypass" });
  let prism: ChildServer | undefined;
  try {
    prism = await startChildServer({ script: "prism.ts", ...(cpu === undefined ? {} : { cpu }) });
  } catch (error) {
    msw.close();
    throw error;
  }
  // MSW patches the global fetch, which the SDK uses by default.
  const viaMsw = createPetstoreClient({ apiKey: benchApiKey, baseUrl: inProcessBaseUrl });
  const viaPrism = createPetstoreClient({ apiKey: benchApiKey, baseUrl: prism.origin, fetch: unpatchedFetch });
  return {
    msw: () => viaMsw.pets.list(),
    prism: () => viaPrism.pets.list(),
    stop: async () => {
      msw.close();
      await prism.stop();
    },
  };
}

const settings: Record<"full" | "quick", ThroughputOptions> = {
  full: { warmup: 500, rounds: 7, iterations: 1_000 },
  quick: { warmup: 2, rounds: 1, iterations: 3 },
};

/** Benchmark 5: SDK calls per second through MSW handlers in process vs Prism over loopback. */
export async function runMockSpeed({ scale, placement }: BenchContext): Promise<BenchResult> {
  const cases = await startMockCases(placement?.server);
  try {
    const result = await measureThroughput({ msw: cases.msw, prism: cases.prism }, settings[scale]);
    const { rounds, iterations } = settings[scale];
    return {
      id: "mock-speed",
      title: "5. Mock speed",
      method:
        `The SDK (default options) calls \`pets.list()\` sequentially: through \`@petstore/mock\` handlers under ` +
        `msw/node \`setupServer\` in this process, and through Prism over loopback in a child process ` +
        (placement ? `pinned to core ${placement.server} (SDK on core ${placement.loadGenerator}). ` : "(unpinned). ") +
        `Both serve the contract's 2-pet listPets example. ${rounds} interleaved rounds of ${formatNumber(iterations)} calls; median calls/s.`,
      tables: [
        {
          caption: "SDK `pets.list()` calls per second (sequential)",
          columns: ["mock", "calls/s", "vs Prism"],
          rows: [
            ["MSW handlers, in process", formatNumber(result.msw.median), formatRatio(ratio(result.msw.median, result.prism.median))],
            ["Prism 5.14, loopback", formatNumber(result.prism.median), formatRatio(1)],
          ],
        },
      ],
      targets: [],
      notes: [],
    };
  } finally {
    await cases.stop();
  }
}
