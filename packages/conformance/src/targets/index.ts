import type { Target } from "../target";
import { startMswTarget } from "./msw";
import { startPrismTarget } from "./prism";
import { startPrismProxyTarget } from "./prism-proxy";

/**
 * Every target by name, started on demand. `server` starts the implementation under test (the CLI's `--server-url`
 * or `--server-command`); both Prism proxies put it behind Prism. Each call must give a fresh target.
 */
export function targetFactories(server: () => Promise<Target>): Record<string, () => Promise<Target>> {
  return {
    server,
    msw: startMswTarget,
    prism: startPrismTarget,
    "prism-proxy": () => startPrismProxyTarget({ errors: true, upstream: server }),
    "prism-proxy-all": () => startPrismProxyTarget({ errors: false, upstream: server }),
  };
}

/** Targets the fuzz suite runs against (Prism mocks only examples, so fuzzing it would test Prism). */
export const fuzzTargets: ReadonlySet<string> = new Set(["server", "msw"]);
