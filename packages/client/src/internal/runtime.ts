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
