// Runtime probes that stay safe where `process` does not exist (browsers, edge) or throws (Deno without --allow-env).

interface ProcessLike {
  env?: Record<string, string | undefined>;
  versions?: { node?: string };
  emitWarning?: (message: string, type: string) => void;
}

/** Node's `process`, or undefined in runtimes without it. */
export function nodeProcess(): ProcessLike | undefined {
  return (globalThis as { process?: ProcessLike }).process;
}

/** Reads an environment variable, or undefined when the runtime has none or forbids reading it (then calls `onDenied`: Deno without --allow-env). */
export function readEnv(name: string, onDenied?: () => void): string | undefined {
  try {
    return nodeProcess()?.env?.[name];
  } catch {
    onDenied?.();
  }
}

/**
 * The runtime for `User-Agent`: Bun's and Deno's own `navigator.userAgent` (`Bun/…`, `Deno/…`) first (both also
 * define `process.versions.node`), else `node/…`; undefined in browsers, where the browser sets `User-Agent` itself.
 */
export function runtimeName(): string | undefined {
  const g = globalThis as { Bun?: unknown; Deno?: unknown; document?: unknown; navigator?: { userAgent?: string } };
  // Both name themselves there: `Bun/1.2.3`, `Deno/2.1.4`.
  if (g.Bun || g.Deno) return g.navigator?.userAgent;
  const node = nodeProcess()?.versions?.node;
  if (node && !("document" in g)) return `node/${node}`;
}

/**
 * Whether this is a browser page, where every visitor can read what the page holds: `document` and `navigator` exist
 * (workers, Node, Deno and edge runtimes have no `document`), and the user agent is no DOM emulation for tests (jsdom
 * and happy-dom name themselves in it).
 */
export function isBrowserPage(): boolean {
  const g = globalThis as { document?: unknown; navigator?: { userAgent?: string } };
  return !!(g.document && g.navigator) && !/jsdom|happydom/i.test(`${g.navigator.userAgent}`);
}

/** What warns once per process, shared by every copy of the SDK (the ESM and CJS builds, two installs). */
export const warnedInProcess: Set<string> = ((globalThis as Record<symbol, Set<string>>)[
  Symbol.for("@petstore/client/warned")
] ??= new Set());

/** A random UUID (v4) without `crypto.randomUUID`, which only secure contexts (https, localhost) have. */
export function randomKey(): string {
  // Each 0 and 1 becomes a random hex digit, each 8 one of 8, 9, a, b: the version and variant bits of RFC 9562.
  return (
    crypto.randomUUID?.() ??
    "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
      (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+c / 4)))).toString(16),
    )
  );
}
