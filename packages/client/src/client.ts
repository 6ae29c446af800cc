import type { OperationId } from "@petstore/contract";
import { DEPRECATIONS, OPERATIONS } from "./generated/operations";
import type { PetstoreResources } from "./generated/types";
import { createCall } from "./internal/call";
import { createContext } from "./internal/context";
import { checkOptions } from "./internal/fail";
import { CLIENT_OPTIONS, headerRecord, type PetstoreClientOptions } from "./options";

/** The Petstore SDK: one typed method per operation of the contract (`pets.list()`, …), each throwing `PetstoreError`s. */
export interface PetstoreClient extends PetstoreResources {
  /** A client with these options over this one's (headers are merged); this client is unchanged. */
  withOptions(options: PetstoreClientOptions): PetstoreClient;
}

type Methods = Record<string, Record<string, (...args: unknown[]) => unknown>>;

/** Creates a Petstore client; throws a clear error right away when the options are invalid or no API key is set. */
export function createPetstoreClient(options: PetstoreClientOptions = {}): PetstoreClient {
  const call = createCall(createContext(options, OPERATIONS, DEPRECATIONS));
  const client = {
    withOptions(more: PetstoreClientOptions) {
      checkOptions("createPetstoreClient option", more, CLIENT_OPTIONS);
      const merged = {
        ...options,
        ...more,
        headers: { ...headerRecord(options.headers), ...headerRecord(more.headers) },
      };
      // Choosing one of environment and baseUrl replaces the other.
      if ("environment" in more) delete merged.baseUrl;
      if ("baseUrl" in more) delete merged.environment;
      return createPetstoreClient(merged as PetstoreClientOptions);
    },
  } as unknown as PetstoreClient & Methods;
  // One method per operation, named by the contract (`x-sdk-method`): its arguments, then the RequestOptions.
  for (const id in OPERATIONS) {
    const [resource, verb] = OPERATIONS[id as OperationId][0].split(/[.(]/) as [string, string];
    (client[resource] ??= {})[verb] = call(id as OperationId);
  }
  return client;
}
