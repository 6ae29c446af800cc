export { petstoreQueries } from "./queries";

export type {
  CreatePetKey,
  GetPetKey,
  ListPetsKey,
  PetstoreMutationOptions,
  PetstoreQueries,
  PetstoreQueryOptions,
  QueryFunctionContextLike,
} from "./queries";
