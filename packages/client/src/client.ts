import type { NewPet, Operations, paths, Pet } from "@petstore/contract";
import openapiFetch, { type Client } from "openapi-fetch";
import { apiKeyResolver } from "./api-key";
import { deprecationReporter } from "./deprecation";
import { resolveBaseUrl } from "./environments";
import { errorFromResponse, PetstoreError } from "./errors";
import { authMiddleware, deprecationMiddleware } from "./internal/middleware";
import { PREFIX } from "./internal/fail";
import { checkListParams, checkPetId, isPet, isPetList } from "./internal/validate";
import { retrySettings, type PetstoreClientOptions, type RequestOptions } from "./options";
import { retryingFetch } from "./retry";

// openapi-fetch's CommonJS build sets `exports.default` without `__esModule`, so our CJS build receives the module object.
const createClient = (openapiFetch as unknown as { default?: typeof openapiFetch }).default ?? openapiFetch;

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

interface TextResult {
  data?: string;
  error?: unknown;
  response: Response;
}

function unwrap<T>(result: TextResult, isValid: (value: unknown) => value is T, expected: string): T {
  const { response } = result;
  if (!response.ok) throw errorFromResponse(response.status, result.error, response.headers);
  let value: unknown;
  try {
    value = JSON.parse(result.data ?? "");
  } catch {}
  if (!isValid(value)) {
    throw new PetstoreError(
      `${PREFIX}The ${response.status} response is not ${expected}; check that baseUrl points at the Petstore API.`,
      { code: "invalid_response", status: response.status, headers: response.headers },
    );
  }
  return value;
}

/** Creates a Petstore client; throws a clear error right away when the options are invalid or no API key is set. */
export function createPetstoreClient(options: PetstoreClientOptions = {}): PetstoreClient {
  const baseUrl = resolveBaseUrl(options.environment, options.baseUrl);
  const apiKey = apiKeyResolver(options.apiKey);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== "function") {
    throw new TypeError(`${PREFIX}No global fetch: pass createPetstoreClient({ fetch }).`);
  }
  const raw = createClient<paths>({
    baseUrl,
    headers: options.headers,
    fetch: retryingFetch(fetchImpl, retrySettings(options)),
  });
  raw.use(authMiddleware(apiKey), deprecationMiddleware(deprecationReporter(options.onDeprecation)));

  const perCall = (call: RequestOptions = {}) => ({
    fetch: retryingFetch(fetchImpl, retrySettings(options, call)),
    signal: call.signal,
    headers: call.headers,
    parseAs: "text" as const,
  });

  return {
    raw,
    pets: {
      async list(params = {}, call) {
        const query = checkListParams(params);
        return unwrap(await raw.GET("/pets", { params: { query }, ...perCall(call) }), isPetList, "a Pet list");
      },
      async create(pet, call) {
        const header = { "Idempotency-Key": call?.idempotencyKey ?? crypto.randomUUID() };
        return unwrap(await raw.POST("/pets", { params: { header }, body: pet, ...perCall(call) }), isPet, "a Pet");
      },
      async get(petId, call) {
        const path = { petId: checkPetId(petId) };
        return unwrap(await raw.GET("/pets/{petId}", { params: { path }, ...perCall(call) }), isPet, "a Pet");
      },
    },
  };
}
