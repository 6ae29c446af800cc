export { petstoreQueries } from "./queries";

export type * from "../generated/query";
export type { PetstoreMutationOptions, PetstoreQueryOptions, QueryFunctionContextLike } from "./queries";
