import autocannon from "autocannon";

/** What to send: the same request over and over. */
export interface LoadTarget {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/** One autocannon run: target, connection count and how long. */
export interface LoadOptions extends LoadTarget {
  connections: number;
  durationSeconds: number;
}

/** What one load run measured. */
export interface LoadResult {
  /** Mean requests per second (autocannon's per-second samples). */
  requestsPerSecond: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  /** Responses with a 2xx status. */
  ok: number;
  /** Responses with any other status, plus connection errors and timeouts. */
  failed: number;
}

/** Drive `url` with autocannon from this process and summarize the run. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    connections: options.connections,
    duration: options.durationSeconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    ok: result["2xx"],
    failed: result.non2xx + result.errors,
  };
}
