import { defaultClientConditions, defaultServerConditions } from "vite";
import type { TestProjectInlineConfiguration } from "vitest/config";

/**
 * Resolve workspace packages to their TypeScript source (the `@petstore/source` export condition),
 * so tests never need a prior build. (Also read by the mock's README test, which writes a config importing it.)
 * @public
 */
export const sourceConditions = {
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: ["@petstore/source", ...defaultServerConditions], externalConditions: ["@petstore/source"] },
  },
};

/**
 * The one timeout policy. `pnpm test` runs every project on a 2-core machine at once, so a test's time is its own
 * plus its share of everything else: limits are sized for that, not for the test alone.
 * - unit: in-process tests (the reference server and MSW run inside the test process).
 * - integration: tests that start processes, browsers, registries or databases, or read a build (dist/); a config
 *   file named `vitest.integration.config.ts` holds them, so the tier is visible in the tree and
 *   `pnpm test:integration` selects it. In a package with both tiers they live in `test/integration/`, which the unit
 *   tier never reads: the folder chooses the tier, not a list of files.
 */
const tierTimeouts = {
  unit: { testTimeout: 30_000, hookTimeout: 60_000 },
  integration: { testTimeout: 180_000, hookTimeout: 900_000 },
} as const;

export type TestTier = keyof typeof tierTimeouts;

interface ProjectOptions {
  /** The project's name; integration projects of a package that also has unit tests end in `:integration`. */
  name: string;
  /** Test files, relative to the package. */
  include: string[];
  exclude?: string[];
  /** Type tests (`*.test-d.ts`) checked with the package's tsconfig. */
  typecheck?: boolean;
  /** Resolve workspace packages to their source. Defaults to true. */
  source?: boolean;
}

/** The folder of a package's integration tests, when it also has unit tests. */
const INTEGRATION_FOLDER = "test/integration/";

function project(
  tier: TestTier,
  { name, include, exclude = [], typecheck = false, source = true }: ProjectOptions,
): TestProjectInlineConfiguration {
  if (tier === "unit") exclude = [...exclude, `${INTEGRATION_FOLDER}**`];
  return {
    ...(source ? sourceConditions : {}),
    test: {
      name,
      include,
      exclude,
      ...tierTimeouts[tier],
      ...(typecheck
        ? { typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" } }
        : {}),
    },
  };
}

/** A project of fast in-process tests (`vitest.config.ts`). */
export const unitProject = (options: ProjectOptions) => project("unit", options);

/** A project of tests that start processes, browsers, registries or databases (`vitest.integration.config.ts`). */
export const integrationProject = (options: ProjectOptions) => project("integration", options);
