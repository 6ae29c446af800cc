import type { Pet as ContractPet, PetStatus as ContractStatus } from "@petstore/contract";

/**
 * Availability of an animal: the contract's values, or one a newer service added (kept, not rejected), so code
 * stays correct when the service grows. Editors still suggest the known values.
 */
export type PetStatus = ContractStatus | (string & {});

/** An animal as returned by the service; its `status` may be one this SDK version does not know. */
export type Pet = Omit<ContractPet, "status"> & { status?: PetStatus };

/** What `.withResponse()` gives: the parsed data and the HTTP facts of the response that carried it. */
export interface WithResponse<T> {
  data: T;
  /** The fetch `Response`; its body has already been read. */
  response: Response;
  status: number;
  headers: Headers;
  /** The `x-request-id` the service sent back. */
  requestId: string | undefined;
}

/** The promise a method returns: await it for the data, or call `.withResponse()` for the response too. */
export interface PetstorePromise<T> extends Promise<T> {
  /** Resolves with the data and the response's status, headers and request id (rejects like the promise itself). */
  withResponse(): Promise<WithResponse<T>>;
}
