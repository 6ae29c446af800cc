import type { Target } from "../target";

/**
 * The status that says whether a target survived a fuzz run: its health check when it has one, then an
 * authenticated `GET /pets?limit=1`, because a server can report healthy while its API no longer answers.
 * Returns the first status that is not 200, or 200; 0 when a request got no answer at all.
 */
export async function healthAfter(target: Target): Promise<number> {
  const checks: [string, Record<string, string>][] = [
    ...(target.healthUrl ? [[target.healthUrl, {}] as [string, Record<string, string>]] : []),
    [`${target.baseUrl}/pets?limit=1`, { authorization: `Bearer ${target.apiKey}` }],
  ];
  for (const [url, headers] of checks) {
    try {
      const response = await target.fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) return response.status;
    } catch {
      return 0;
    }
  }
  return 200;
}
