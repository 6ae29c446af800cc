import type { FuzzRequest } from "./fuzz/arbitraries";

/**
 * Cases that still fail on a target at the end of a session, each with its finding (see FINDINGS.md).
 * A listed case that starts passing fails the run, so this list never goes stale.
 */
export const knownFailures: Readonly<Record<string, Readonly<Record<string, string>>>> = {};

/** A fuzz finding still open on a target: generated requests it matches may fail without failing the run. */
export interface KnownFuzzFinding {
  /** Short id, also used in FINDINGS.md. */
  id: string;
  /** What goes wrong, with expected and actual. */
  finding: string;
  matches(request: FuzzRequest): boolean;
}

/** Open fuzz findings per target. A finding that no generated request reproduces any more fails the run. */
export const knownFuzzFindings: Readonly<Record<string, readonly KnownFuzzFinding[]>> = {};
