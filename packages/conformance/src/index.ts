export { buildMatrix } from "./matrix/index";
export { contractProblems } from "./check";
export { runCase, runMatrix } from "./run";
export { sender } from "./send";
export { allCapabilities, capabilityDescriptions } from "./target";
export { startCommandTarget } from "./targets/command";
export { httpTarget } from "./targets/http";
export { startPrismTarget } from "./targets/prism";
export { startPrismProxyTarget } from "./targets/prism-proxy";

export type { AuthVariant, CaseRequest, ConformanceCase, Exchange, SemanticCheck, Send } from "./case";
export type { CaseResult, Outcome } from "./run";
export type { Capability, FetchLike, Target } from "./target";
export type { CommandTargetOptions } from "./targets/command";
export type { HttpTargetOptions } from "./targets/http";
export type { PrismProxyOptions } from "./targets/prism-proxy";
