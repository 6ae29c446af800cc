export { buildMatrix } from "./matrix/index";
export { contractProblems } from "./check";
export { runCase, runMatrix } from "./run";
export { sender } from "./send";
export { allCapabilities, capabilityDescriptions } from "./target";
export { startPrismTarget } from "./targets/prism";

export type { AuthVariant, CaseRequest, ConformanceCase, Exchange, SemanticCheck, Send } from "./case";
export type { CaseResult, Outcome } from "./run";
export type { Capability, FetchLike, Target } from "./target";
