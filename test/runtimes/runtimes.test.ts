// The runtime matrix: one scenario (scenario.ts) with the built @petstore/client in every runtime the README names.
import { createRequire } from "node:module";
import { join } from "node:path";
import { startServer, type RunningServer } from "@petstore/server";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, ensureChromium } from "../helpers/chromium.ts";
import type { ScenarioInput, ScenarioResult, Step } from "./scenario.ts";
import { startAuxServer, type AuxServer } from "./helpers/aux-server.ts";
import { type Binary, findBinary, findNode } from "./helpers/binaries.ts";
import { buildScenario, type Built } from "./helpers/build.ts";
import { lastJson, run, type Ran } from "./helpers/run.ts";
import { runInWorkerd } from "./helpers/workerd.ts";

const KEY = "sk_runtime_matrix";
const root = import.meta.dirname;
const require = createRequire(import.meta.url);
const env = { ...process.env, PETSTORE_API_KEY: KEY, NO_COLOR: "1" };

let reference: RunningServer;
let aux: AuxServer;
let built: Built;

beforeAll(async () => {
  [reference, aux, built] = await Promise.all([startServer({ apiKeys: [KEY] }), startAuxServer(), buildScenario()]);
  aux.page.html = `<!doctype html><meta charset="utf-8"><title>runtime matrix</title><script type="module" src="/page.js"></script>`;
  const { readFile } = await import("node:fs/promises");
  aux.page.script = await readFile(join(built.dir, "page.js"), "utf8");
});
afterAll(async () => {
  await Promise.all([reference?.close(), aux?.close()]);
});

type Result = ScenarioResult & { sdk?: string };

interface Variant {
  name: string;
  /** Why it cannot run here, printed in its name; undefined when it can. */
  skip?: string | undefined;
  /** The key is passed as `apiKey` rather than read from PETSTORE_API_KEY (runtimes without an environment, or without permission to read it). */
  keyOption?: boolean;
  /** What the missing-key message must also say here. */
  missingKeyHint?: RegExp;
  runtime: RegExp;
  /** Chromium only: whether the page's origin is a plain-http, non-localhost one. */
  insecure?: boolean;
  /** Which SDK file the runtime loaded, or which files the bundle took from it. */
  sdk: (result: Result) => string[];
  run(input: ScenarioInput): Promise<Result>;
}

const bun = findBinary("bun");
const deno = findBinary("deno");
const workerd = findBinary("workerd");
const browserPath = await ensureChromium();

const inChild = (command: string, args: string[]) => async (input: ScenarioInput) =>
  lastJson<Result>(await run(command, [...args, JSON.stringify(input)], { cwd: root, env }));
const resolved = (result: Result) => [String(result.sdk)];

const denoRun = (allowEnv: boolean) => [
  "run",
  "--no-prompt",
  "--allow-net=127.0.0.1",
  ...(allowEnv ? ["--allow-env"] : []),
  "entries/native-ts.ts",
];

const workerdVariant = (flags: string[]): Variant => ({
  name: `workerd ${"version" in workerd ? workerd.version.replace("workerd ", "") : ""} (${flags.length ? flags.join(", ") : "no compatibility flags"})`,
  skip: "reason" in workerd ? workerd.reason : undefined,
  keyOption: true,
  runtime: /^workerd$/,
  sdk: () => built.bundledSdkFiles.worker,
  async run(input) {
    const answer = await runInWorkerd((workerd as { path: string }).path, built.dir, flags, input);
    if (answer.status !== 200)
      throw new Error(`the worker answered ${answer.status}:\n${answer.body}\n${answer.stderr}`);
    return JSON.parse(answer.body) as Result;
  },
});

let browser: Promise<Browser> | undefined;
afterAll(async () => (await browser)?.close());

const chromiumVariant = (name: string, insecure: boolean, origin: () => string): Variant => ({
  name,
  insecure,
  skip: "reason" in browserPath ? browserPath.reason : undefined,
  keyOption: true,
  runtime: /^chromium \d/,
  sdk: () => built.bundledSdkFiles.browser,
  async run(input) {
    // Chromium resolves petstore.test to loopback itself: a plain-http page on a name that is not localhost is
    // not a secure context, so crypto.randomUUID does not exist there.
    browser ??= chromium.launch({
      executablePath: (browserPath as { path: string }).path,
      args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP petstore.test 127.0.0.1"],
    });
    const page = await (await browser).newPage();
    try {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${origin()}/`);
      await page
        .waitForFunction(() => "runScenario" in globalThis, undefined, { timeout: 30_000 })
        .catch(() => {
          throw new Error(`the page did not load its script: ${errors.join("; ")}`);
        });
      return (await page.evaluate(
        (value) => (globalThis as unknown as { runScenario(input: unknown): Promise<Result> }).runScenario(value),
        input,
      )) as Result;
    } finally {
      await page.close();
    }
  },
});

const auxPort = () => new URL(aux.url).port;

// The Node running the tests, and the other majors users run (from the registry's platform packages).
const nodes = [
  { path: process.execPath, version: process.versions.node },
  findNode(22),
  findNode(24),
] satisfies Binary[];

const nodeVariants = nodes.flatMap((node): Variant[] =>
  (["ESM", "CommonJS"] as const).map((format) => ({
    name: "version" in node ? `Node ${node.version} ${format}` : `Node ${format} (${node.reason})`,
    skip: "reason" in node ? node.reason : undefined,
    runtime: "version" in node ? new RegExp(`^node ${node.version.replace(/\./g, "\\.")}$`) : /^node \d/,
    sdk: resolved,
    run: inChild((node as { path: string }).path, [format === "ESM" ? "entries/node.mjs" : "entries/node.cjs"]),
  })),
);

const variants: Variant[] = [
  ...nodeVariants,
  {
    name: `Bun ${"version" in bun ? bun.version : ""}`,
    skip: "reason" in bun ? bun.reason : undefined,
    runtime: /^bun \d/,
    sdk: resolved,
    run: inChild((bun as { path: string }).path, ["entries/native-ts.ts"]),
  },
  {
    name: `Deno ${"version" in deno ? /deno ([\d.]+)/.exec(deno.version)?.[1] : ""} --allow-env`,
    skip: "reason" in deno ? deno.reason : undefined,
    runtime: /^deno \d/,
    sdk: resolved,
    run: inChild((deno as { path: string }).path, denoRun(true)),
  },
  {
    name: `Deno ${"version" in deno ? /deno ([\d.]+)/.exec(deno.version)?.[1] : ""} without --allow-env`,
    skip: "reason" in deno ? deno.reason : undefined,
    keyOption: true,
    missingKeyHint: /--allow-env=PETSTORE_API_KEY/,
    runtime: /^deno \d/,
    sdk: resolved,
    run: inChild((deno as { path: string }).path, denoRun(false)),
  },
  workerdVariant([]),
  workerdVariant(["nodejs_compat"]),
  chromiumVariant("Chromium, secure origin (http://localhost)", false, () => `http://localhost:${auxPort()}`),
  chromiumVariant(
    "Chromium, plain-http origin (http://petstore.test)",
    true,
    () => `http://petstore.test:${auxPort()}`,
  ),
];

// Every run starts as soon as the servers are up, a few at a time, so the matrix takes about as long as its slowest
// runs rather than the sum of all; each describe block then waits for its own.
const POOL = 4;
let running = 0;
const queue: (() => void)[] = [];
function pooled<T>(task: () => Promise<T>): Promise<T> {
  const start = () => {
    running += 1;
    const done = task().finally(() => {
      running -= 1;
      queue.shift()?.();
    });
    // Awaited later by its describe block; until then a rejection is not "unhandled".
    done.catch(() => {});
    return done;
  };
  return new Promise<T>((resolve, reject) => {
    const go = () => start().then(resolve, reject);
    if (running < POOL) go();
    else queue.push(go);
  });
}

const runIdOf = (variant: Variant) => variant.name.replace(/\W+/g, "-");
const results = new Map<Variant, Promise<Result & { ms: number }>>();
const typeChecks = new Map<string, Promise<Ran>>();
const TSC_CONFIGS = { node16: "typescript/tsconfig.node16.json", bundler: "typescript/tsconfig.bundler.json" } as const;

beforeAll(() => {
  for (const [resolution, config] of Object.entries(TSC_CONFIGS)) {
    typeChecks.set(
      resolution,
      pooled(() =>
        run(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", config, "--listFiles"], {
          cwd: root,
          timeout: 150_000,
        }),
      ),
    );
  }
  for (const variant of variants.filter((v) => !v.skip)) {
    const input = {
      baseUrl: reference.baseUrl,
      flakyUrl: aux.flakyUrl(runIdOf(variant)),
      slowUrl: aux.slowUrl,
      ...(variant.keyOption ? { apiKey: KEY } : {}),
    };
    results.set(
      variant,
      pooled(async () => {
        const started = performance.now();
        return { ...(await variant.run(input)), ms: Math.round(performance.now() - started) };
      }),
    );
  }
});

describe.each(variants)("$name", (variant) => {
  if (variant.skip) {
    console.warn(`[runtime matrix] ${variant.name} skipped: ${variant.skip}`);
    it.skip(`skipped: ${variant.skip}`, () => {});
    return;
  }
  const runId = runIdOf(variant);
  let result: Result;
  const ok = (step: Step) => expect(result.errors[step], `the ${step} step threw`).toBeUndefined();

  beforeAll(async () => {
    const { ms, ...rest } = await results.get(variant)!;
    console.log(`[runtime matrix] ${variant.name}: scenario ran in ${ms} ms`);
    result = rest;
  });

  it("runs the built SDK (dist), not its source", () => {
    expect(result.runtime).toMatch(variant.runtime);
    const files = variant.sdk(result);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/packages\/client\/dist\/[\w-]+\.c?js$/);
  });

  it("creates a pet and lists it with a status filter", () => {
    ok("create");
    ok("list");
    expect(result.created).toMatchObject({
      id: expect.any(Number),
      name: expect.stringContaining("Rex"),
      categoryId: 1,
      status: "pending",
    });
    expect(result.listed?.map((pet) => pet.id)).toContain(result.created?.id);
    expect(new Set(result.listed?.map((pet) => pet.status))).toEqual(new Set(["pending"]));
  });

  it("gets it with one deprecation warning naming the removal date", () => {
    ok("get");
    expect(result.got).toEqual(result.created);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings?.[0]).toMatch(/\[@petstore\/client\] pets\.get\(\).*2030-12-05.*pets\.list\(\{ status \}\)/);
  });

  it("throws NotFoundError for a 404", () => {
    ok("notFound");
    expect(result.notFound).toMatchObject({
      name: "NotFoundError",
      status: 404,
      code: "not_found",
      documentedClass: true,
    });
  });

  it("retries a 503 with the same Idempotency-Key, saying it is retry 1", () => {
    ok("retry");
    expect(result.retried).toMatchObject({ name: "Flaky", categoryId: 2 });
    const attempts = aux.attempts.get(runId) ?? [];
    expect(attempts.map((attempt) => attempt.status)).toEqual([503, 201]);
    expect(attempts[0]?.idempotencyKey).toMatch(/^[\w-]{16,}$/);
    expect(attempts[1]?.idempotencyKey).toBe(attempts[0]?.idempotencyKey);
    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([undefined, "1"]);
  });

  it("times out with TimeoutError", () => {
    ok("timeout");
    expect(result.timedOut).toMatchObject({ name: "TimeoutError", documentedClass: true });
  });

  it("aborts with the signal's AbortError", () => {
    ok("abort");
    expect(result.aborted).toMatchObject({ name: "AbortError" });
  });

  it("lists through @petstore/client/query", () => {
    ok("query");
    expect(result.queried?.map((pet) => pet.id)).toContain(result.created?.id);
  });

  const page = variant.runtime.source.includes("chromium");
  it(
    page
      ? "in a browser page, the first client warns once that visitors can read its key; dangerouslyAllowBrowser: true does not"
      : "is no browser page: no key warning",
    () => {
      expect(result.keyWarnings?.allowed).toEqual([]);
      expect(result.keyWarnings?.made).toHaveLength(page ? 1 : 0);
      if (page)
        expect(result.keyWarnings?.made[0]).toMatch(
          /^\[@petstore\/client\] This page holds an API key that every visitor can read\..*backend.*proxy.*dangerouslyAllowBrowser: true/,
        );
    },
  );

  if (variant.keyOption) {
    it(`says how to set a missing API key${variant.missingKeyHint ? " and what to allow" : ""}`, () => {
      expect(result.missingKey).toMatch(/PETSTORE_API_KEY/);
      if (variant.missingKeyHint) expect(result.missingKey).toMatch(variant.missingKeyHint);
    });
  }
  if (variant.insecure !== undefined) {
    it(variant.insecure ? "is not a secure context: crypto.randomUUID is missing" : "is a secure context", () => {
      expect(result.secureContext).toBe(!variant.insecure);
      expect(result.hasRandomUUID).toBe(!variant.insecure);
    });
  }
});

describe.each(Object.keys(TSC_CONFIGS))("TypeScript %s", (resolution) => {
  it(`type-checks the scenario with tsc --noEmit, strict, moduleResolution ${resolution}, against the published types`, async () => {
    const ran = await typeChecks.get(resolution)!;
    const lines = ran.stdout.split("\n").filter((line) => line.trim() !== "");
    expect(
      lines.filter((line) => !line.startsWith("/")),
      "tsc reported errors",
    ).toEqual([]);
    expect(ran.code).toBe(0);
    const sdkTypes = lines.filter((file) => file.includes("packages/client/"));
    expect(sdkTypes).toContain(join(root, "../../packages/client/dist/index.d.ts"));
    expect(sdkTypes.every((file) => file.includes("/dist/"))).toBe(true);
  });
});
