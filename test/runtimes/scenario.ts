// The one scenario every runtime runs with the built SDK. It only uses what a user's code would: the package's
// public entries and the runtime's globals. The test file checks what it returns, so nothing is asserted here.
import { createPetstoreClient, NotFoundError, PetstoreError, TimeoutError, type Pet } from "@petstore/client";
import { petstoreQueries } from "@petstore/client/query";

/** Where the scenario's servers are; without `apiKey`, the key comes from PETSTORE_API_KEY. */
export interface ScenarioInput {
  /** The reference server, `…/v1`. */
  baseUrl: string;
  /** Answers the first POST with a 503 and `Retry-After: 0`, then 201; records each attempt's Idempotency-Key. */
  flakyUrl: string;
  /** Never answers until the client gives up. */
  slowUrl: string;
  apiKey?: string;
}

/** What a caught error looked like. */
interface Caught {
  name: string;
  message: string;
  status?: number | undefined;
  code?: string | undefined;
  /** `instanceof` the class the SDK documents for this failure. */
  documentedClass: boolean;
}

/** Everything the scenario observed, in a form that survives JSON; a step that threw is in `errors` instead. */
export interface ScenarioResult {
  runtime: string;
  secureContext: boolean | undefined;
  hasRandomUUID: boolean;
  /** The message of `createPetstoreClient()` without `apiKey`, when the environment holds no usable key. */
  missingKey?: string | undefined;
  created?: Pet | undefined;
  listed?: Pet[] | undefined;
  got?: Pet | undefined;
  /** `console.warn` lines while a client with `dangerouslyAllowBrowser: true` was made, then the scenario's three. */
  keyWarnings?: { allowed: string[]; made: string[] } | undefined;
  /** Deprecation warnings seen while calling `pets.get`: `process` warnings and `console.warn` lines. */
  warnings?: string[] | undefined;
  notFound?: Caught | undefined;
  retried?: Pet | undefined;
  timedOut?: Caught | undefined;
  aborted?: Caught | undefined;
  /** `pets.list` through `@petstore/client/query`'s `queryFn`. */
  queried?: Pet[] | undefined;
  /** `name: message` of each step that threw, by step. */
  errors: Partial<Record<Step, string>>;
}

/** The scenario's steps, each run even when an earlier one failed, so a failure names its step. */
export type Step = "create" | "list" | "get" | "notFound" | "retry" | "timeout" | "abort" | "query";

type Runtime = {
  Bun?: { version: string };
  Deno?: { version: { deno: string } };
  process?: { versions?: { node?: string } };
};

function runtimeName(): string {
  const g = globalThis as Runtime;
  if (g.Bun) return `bun ${g.Bun.version}`;
  if (g.Deno) return `deno ${g.Deno.version.deno}`;
  if (typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers") return "workerd";
  if (typeof document !== "undefined") return `chromium ${/Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1] ?? "?"}`;
  return `node ${g.process?.versions?.node ?? "?"}`;
}

function caught(error: unknown, documented: abstract new (...args: never[]) => unknown): Caught {
  const e = error as { name?: string; message?: string; status?: number; code?: string };
  return {
    name: String(e?.name),
    message: String(e?.message),
    status: e?.status,
    code: e?.code,
    documentedClass: error instanceof documented,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

type Emitter = {
  on?(event: "warning", listener: (warning: Error) => void): void;
  off?(event: "warning", listener: (warning: Error) => void): void;
};

// Node-like runtimes report deprecations as process warnings, others through console.warn: collect both.
async function collectWarnings<T>(run: () => Promise<T>): Promise<[T, string[]]> {
  const warnings: string[] = [];
  const emitter = (globalThis as { process?: Emitter }).process;
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  const warn = console.warn;
  emitter?.on?.("warning", onWarning);
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(" "));
  try {
    const value = await run();
    await new Promise((resolve) => setTimeout(resolve, 0)); // process warnings are emitted on the next tick
    return [value, warnings];
  } finally {
    console.warn = warn;
    emitter?.off?.("warning", onWarning);
  }
}

/** Runs `make`, returning what it made and the `console.warn` lines it wrote (where the SDK's default logger writes). */
function warnedWhile<T>(make: () => T): [T, string[]] {
  const lines: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    return [make(), lines];
  } finally {
    console.warn = warn;
  }
}

/** Runs create, list with a filter, a deprecated get, a 404, a retried 503, a timeout and an abort. */
export async function runScenario(input: ScenarioInput): Promise<ScenarioResult> {
  const runtime = runtimeName();
  const errors: ScenarioResult["errors"] = {};
  const step = async <T>(name: Step, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      errors[name] = `${(error as Error)?.name}: ${(error as Error)?.message}`;
      return undefined;
    }
  };
  const keyOption = input.apiKey === undefined ? {} : { apiKey: input.apiKey };
  let missingKey: string | undefined;
  if (input.apiKey !== undefined) {
    try {
      createPetstoreClient({ baseUrl: input.baseUrl });
    } catch (error) {
      missingKey = String((error as Error).message);
    }
  }
  const [, allowed] = warnedWhile(() =>
    createPetstoreClient({ ...keyOption, baseUrl: input.baseUrl, dangerouslyAllowBrowser: true }),
  );
  const [[petstore, flaky, slow], made] = warnedWhile(() => [
    createPetstoreClient({ ...keyOption, baseUrl: input.baseUrl }),
    createPetstoreClient({ ...keyOption, baseUrl: input.flakyUrl }),
    createPetstoreClient({ ...keyOption, baseUrl: input.slowUrl, maxRetries: 0 }),
  ]);

  const created = await step("create", () =>
    petstore.pets.create({ name: `Rex (${runtime})`, categoryId: 1, status: "pending" }),
  );
  const listed = await step("list", () => petstore.pets.list({ status: "pending", limit: 100 }));
  const [got, warnings] = (await step("get", () => collectWarnings(() => petstore.pets.get(created?.id ?? 1)))) ?? [];
  const notFound = await step("notFound", async () =>
    caught(await rejection(petstore.pets.get(2 ** 31)), NotFoundError),
  );
  const retried = await step("retry", () => flaky.pets.create({ name: "Flaky", categoryId: 2 }));
  const timedOut = await step("timeout", async () =>
    caught(await rejection(slow.pets.list({}, { timeout: 300 })), TimeoutError),
  );
  const aborted = await step("abort", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    return caught(await rejection(slow.pets.list({}, { signal: controller.signal, timeout: 30_000 })), Error);
  });
  const queried = await step("query", () =>
    petstoreQueries(petstore)
      .pets.list({ status: "pending", limit: 100 })
      .queryFn({ signal: new AbortController().signal }),
  );

  return {
    runtime,
    secureContext: (globalThis as { isSecureContext?: boolean }).isSecureContext,
    hasRandomUUID: typeof globalThis.crypto?.randomUUID === "function",
    missingKey,
    keyWarnings: { allowed, made },
    created,
    listed,
    got,
    warnings,
    notFound,
    retried,
    timedOut,
    aborted,
    queried,
    errors,
  };
}

/**
 * Keeps `PetstoreError` in use, so the type-check also proves it is exported as a class.
 * @public
 */
export const isPetstoreError = (value: unknown): value is PetstoreError => value instanceof PetstoreError;
