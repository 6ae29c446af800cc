/**
 * Makes MSW handlers without the call frame msw records for each (`handler.info.callFrame`): msw finds it by formatting
 * a stack trace and taking the first frame outside msw, which for a handler made here is a line of this package's
 * bundle, never the test that asked for it. Formatting the first stack trace of a process costs most of a millisecond
 * (the source positions of every script on the stack), as much as the rest of `createPetstoreHandlers()` together.
 * The stack depth is set to 0 only while `make` runs, and only where the engine reads it (V8) and it can be set back.
 */
export function withoutCallFrame<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  if (typeof limit !== "number" || !Object.getOwnPropertyDescriptor(Error, "stackTraceLimit")?.writable) return make();
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
