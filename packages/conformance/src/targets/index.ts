import type { Target } from "../target";
import { startMswTarget } from "./msw";
import { startPrismTarget } from "./prism";
import { startPrismProxyTarget } from "./prism-proxy";
import { startServerTarget } from "./server";

/** Every target by name, started on demand. */
export const targetFactories: Record<string, () => Promise<Target>> = {
  server: startServerTarget,
  msw: startMswTarget,
  prism: startPrismTarget,
  "prism-proxy": () => startPrismProxyTarget({ errors: true }),
  "prism-proxy-all": () => startPrismProxyTarget({ errors: false }),
};

/** Targets the fuzz suite runs against (Prism mocks only examples, so fuzzing it would test Prism). */
export const fuzzTargets: ReadonlySet<string> = new Set(["server", "msw"]);
