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
    return nodeProcess()?.env?.[name] || undefined;
  } catch {
    onDenied?.();
    return undefined;
  }
}

/** `node/<version>` when running in Node, where setting `User-Agent` is allowed; undefined elsewhere. */
export function nodeVersion(): string | undefined {
  const version = nodeProcess()?.versions?.node;
  return "document" in globalThis ? undefined : version;
}
