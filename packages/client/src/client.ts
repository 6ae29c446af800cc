import type { NewPet, Operations, paths, Pet } from "@petstore/contract";
import type { Client } from "openapi-fetch";
import { apiKeyResolver } from "./api-key";
import { deprecationReporter } from "./deprecation";
import { resolveBaseUrl } from "./environments";
import { VERSION } from "./generated/version";
import { createCall } from "./internal/call";
import { deprecationCheck } from "./internal/deprecations";
import { PREFIX } from "./internal/fail";
import { createRaw } from "./internal/raw";
import { nodeVersion } from "./internal/runtime";
import { transport } from "./internal/transport";
import { checkListParams, checkPetId, isPet, isPetList } from "./internal/validate";
import { checkClientOptions, type PetstoreClientOptions, type RequestOptions } from "./options";

/** Query parameters of `pets.list`, from the contract. */
export type ListPetsParams = NonNullable<Operations["listPets"]["parameters"]["query"]>;

/** The Petstore SDK: typed methods that throw `PetstoreError`s, and the underlying openapi-fetch client. */
export interface PetstoreClient {
  pets: {
    /** Lists animals in ascending `id` order: the first `limit` (1–100, default 20) after the `status` filter. */
    list(params?: ListPetsParams, options?: RequestOptions): Promise<Pet[]>;
    /** Adds an animal; sends an `Idempotency-Key` (generated unless given) so retries never add it twice. */
    create(pet: NewPet, options?: RequestOptions): Promise<Pet>;
    /**
     * Fetches one animal by id.
     * @deprecated Removed on 2030-12-05. Use `pets.list({ status })` (GET /pets?status=…) instead.
     */
    get(petId: number, options?: RequestOptions): Promise<Pet>;
  };
  /** The openapi-fetch client with the same auth, retry, timeout and deprecation handling; returns `{ data, error, response }`. */
  raw: Client<paths>;
}

/** Creates a Petstore client; throws a clear error right away when the options are invalid or no API key is set. */
export function createPetstoreClient(options: PetstoreClientOptions = {}): PetstoreClient {
  checkClientOptions(options);
  const baseUrl = resolveBaseUrl(options.environment, options.baseUrl);
  const apiKey = apiKeyResolver(options.apiKey);
  if (typeof (options.fetch ?? globalThis.fetch) !== "function") {
    throw new TypeError(`${PREFIX}No global fetch: pass createPetstoreClient({ fetch }).`);
  }
  const node = nodeVersion();
  const client = `@petstore/client/${VERSION}`;
  // Constant per client, so no request pays for building them; `user-agent` only where Node lets us set it.
  const context = {
    options,
    baseUrl,
    headers: { "x-petstore-client": client, ...(node && { "user-agent": `${client} node/${node}` }) },
    apiKey,
    check: deprecationCheck(deprecationReporter(options.onDeprecation)),
    send: transport(options.fetch),
  };
  const call = createCall(context);

  return {
    raw: createRaw(context),
    pets: {
      async list(params = {}, options) {
        return call({ key: "GET /pets", query: checkListParams(params), isValid: isPetList, expected: "a Pet list" }, options);
      },
      async create(pet, options) {
        // A key given in `headers` is kept as it is; otherwise one is made once for every attempt of this call.
        const given = Object.keys(options?.headers ?? {}).some((name) => name.toLowerCase() === "idempotency-key");
        const key = options?.idempotencyKey ?? (given ? undefined : crypto.randomUUID());
        const header = key === undefined ? undefined : { "idempotency-key": key };
        return call({ key: "POST /pets", header, body: pet, isValid: isPet, expected: "a Pet" }, options);
      },
      async get(petId, options) {
        return call({ key: "GET /pets/{petId}", path: { petId: checkPetId(petId) }, isValid: isPet, expected: "a Pet" }, options);
      },
    },
  };
}
