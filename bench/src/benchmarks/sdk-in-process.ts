import { createPetstoreClient, type Pet } from "@petstore/client";
import type { paths } from "@petstore/contract";
import createClient from "openapi-fetch";
import { benchApiKey, inProcessBaseUrl, jsonBytes, makePets } from "../fixtures";
import { measureThroughput, type ThroughputOptions } from "../harness";
import { formatNumber, formatRatio } from "../internal/format";
import type { BenchContext } from "../context";
import type { BenchResult } from "../result";
import { ratio } from "../stats";

/** The ways of listing pets compared here, each returning the parsed array. */
export interface InProcessCases {
  /** The SDK over a fetch that reads the request's signal, as every real fetch does. */
  sdk: () => Promise<Pet[]>;
  openapiFetch: () => Promise<Pet[]>;
  plainFetch: () => Promise<Pet[]>;
}

/**
 * A fetch that answers every request with `body` and, like every real fetch, first reads the abort signal: from
 * `init`, or from the `Request` it was given (openapi-fetch passes one).
 */
export function signalReadingFetch(
  body: Uint8Array<ArrayBuffer>,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) throw signal.reason;
    return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  };
}

/**
 * Build the SDK, bare openapi-fetch and plain fetch + JSON.parse cases over one injected fetch that
 * answers every request with `body`, so only client-side work differs between them.
 */
export function createInProcessCases(body: Uint8Array<ArrayBuffer>): InProcessCases {
  const fixedFetch = signalReadingFetch(body);
  const authorization = `Bearer ${benchApiKey}`;

  const sdk = createPetstoreClient({ apiKey: benchApiKey, baseUrl: inProcessBaseUrl, fetch: fixedFetch });
  const bare = createClient<paths>({
    baseUrl: inProcessBaseUrl,
    fetch: fixedFetch,
    headers: { Authorization: authorization },
  });
  const listUrl = `${inProcessBaseUrl}/pets`;

  return {
    sdk: () => sdk.pets.list(),
    openapiFetch: async () => {
      const { data, error } = await bare.GET("/pets");
      if (data === undefined) throw new Error(`[@petstore/bench] openapi-fetch failed: ${JSON.stringify(error)}`);
      return data;
    },
    plainFetch: async () => {
      const response = await fixedFetch(listUrl, { headers: { Authorization: authorization } });
      if (!response.ok) throw new Error(`[@petstore/bench] plain fetch got ${response.status}`);
      return JSON.parse(await response.text()) as Pet[];
    },
  };
}

const settings: Record<"full" | "quick", ThroughputOptions> = {
  full: { warmup: 20_000, rounds: 15, iterations: 10_000 },
  quick: { warmup: 10, rounds: 2, iterations: 10 },
};

/** Benchmark 1: in-process ops/s of `pets.list` against bare openapi-fetch and plain fetch. */
export async function runSdkInProcess({ scale }: BenchContext): Promise<BenchResult> {
  const cases = createInProcessCases(jsonBytes(makePets(20)));
  const result = await measureThroughput(cases, settings[scale]);
  const { iterations, rounds } = settings[scale];
  const rows = (
    [
      ["`petstore.pets.list()` (SDK)", result.sdk.median],
      ["bare openapi-fetch `GET /pets`", result.openapiFetch.median],
      ["plain `fetch` + `JSON.parse`", result.plainFetch.median],
    ] as const
  ).map(([name, ops]) => [
    name,
    formatNumber(ops),
    formatRatio(ratio(ops, result.openapiFetch.median)),
    formatRatio(ratio(ops, result.plainFetch.median)),
  ]);
  return {
    id: "sdk-in-process",
    title: "1. SDK overhead in process",
    method:
      `An injected \`fetch\` reads the request's abort signal (from \`init\`, or from the \`Request\` openapi-fetch passes), as every real fetch does, ` +
      `and answers every call with the same 20-pet JSON body, so no I/O happens. ` +
      `Each case runs ${formatNumber(iterations)} sequential calls per round, ${rounds} rounds interleaved ` +
      `across cases after a warm-up; the table shows the median ops/s over rounds. The SDK is the built ` +
      `\`@petstore/client\` with default options (retries and a per-attempt timeout on, so each attempt creates an abort signal and a ` +
      `timer); openapi-fetch builds a \`Request\`, which creates a signal too.`,
    tables: [
      {
        caption: "Sequential ops/s (median of rounds)",
        columns: ["case", "ops/s", "vs openapi-fetch", "vs plain fetch"],
        rows,
      },
    ],
    targets: [
      {
        name: "SDK ops/s ÷ bare openapi-fetch ops/s, in process, fetch reads the signal",
        measured: ratio(result.sdk.median, result.openapiFetch.median),
        limit: 1,
        kind: "min",
        unit: "×",
      },
    ],
    notes: [],
  };
}
