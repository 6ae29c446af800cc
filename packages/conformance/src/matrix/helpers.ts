import type { NewPet, Pet } from "@petstore/contract";
import type { CaseRequest, ConformanceCase, Exchange, Send } from "../case";

let sequence = 0;

/** A valid NewPet with a name unique to this process, so stateful cases never see each other's pets. */
export function newPet(overrides: Partial<NewPet> = {}): NewPet {
  sequence += 1;
  return { name: `conformance-${process.pid}-${sequence}`, categoryId: 7, ...overrides };
}

/** A `POST /pets` request with a JSON body. */
export function createRequest(body: unknown, extra: Partial<CaseRequest> = {}): CaseRequest {
  return { method: "POST", path: "/pets", auth: "valid", body: JSON.stringify(body), ...extra };
}

/** Creates pets one after another (ids ascend) and fails the case's setup unless each is a 201. */
export async function createPets(send: Send, bodies: readonly NewPet[]): Promise<Pet[]> {
  const pets: Pet[] = [];
  for (const body of bodies) {
    const exchange = await send(createRequest(body));
    if (exchange.status !== 201) {
      throw new Error(`setup: POST /pets answered ${exchange.status}, expected 201: ${exchange.text.slice(0, 200)}`);
    }
    pets.push(exchange.json as Pet);
  }
  return pets;
}

/** The body as an array of pets, or `undefined` when it is something else. */
export function petsOf(exchange: Exchange): Pet[] | undefined {
  return Array.isArray(exchange.json) ? (exchange.json as Pet[]) : undefined;
}

/** The body as one pet, or `undefined`. */
export function petOf(exchange: Exchange): Pet | undefined {
  const json = exchange.json;
  return json !== null && typeof json === "object" && !Array.isArray(json) ? (json as Pet) : undefined;
}

/** JSON text with object keys sorted, so equal values print equally. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Describes how two values differ, or nothing when they are deeply equal. */
export function differs(label: string, got: unknown, expected: unknown): string | undefined {
  return canonical(got) === canonical(expected)
    ? undefined
    : `${label}: expected ${canonical(expected)}, got ${canonical(got)}`;
}

/** Marks a case whose request itself breaks the contract, which a validating proxy answers on its own. */
export function breaksContract<State>(kase: ConformanceCase<State>): ConformanceCase<State> {
  return { ...kase, requires: [...kase.requires, "contract-error-responses"] };
}
