import type { NewPet, Pet } from "@petstore/contract";
import type { ConformanceCase, Exchange, Send } from "../case";
import { createRequest, differs, newPet, petOf } from "./helpers";

interface Replay {
  first: Exchange;
  key: string;
  body: NewPet;
}

async function firstCreate(send: Send): Promise<Replay> {
  const key = crypto.randomUUID();
  const body = newPet({ status: "available" });
  const first = await send(createRequest(body, { headers: { "idempotency-key": key } }));
  if (first.status !== 201) throw new Error(`setup: first keyed POST /pets answered ${first.status}, expected 201`);
  return { first, key, body };
}

/** `POST /pets` with `Idempotency-Key`: a replay returns the first pet; a different body under the same key is a 400. */
export function idempotencyCases(): ConformanceCase[] {
  return [
    {
      id: "createPet.idempotency.replay",
      operationId: "createPet",
      title: "replays the first 201 for the same key and body",
      requires: [],
      setup: firstCreate,
      request: ({ key, body }: Replay) => createRequest(body, { headers: { "idempotency-key": key } }),
      status: 201,
      checks: [
        {
          name: "returns the same pet",
          requires: ["stateful"],
          check: (e, { first }: Replay) => differs("replayed pet", petOf(e), first.json),
        },
      ],
    },
    {
      id: "createPet.idempotency.conflict",
      operationId: "createPet",
      title: "rejects the same key with a different body with 400",
      requires: ["stateful"],
      setup: firstCreate,
      request: ({ key, body }: Replay) =>
        createRequest({ ...body, name: `${body.name}-changed` }, { headers: { "idempotency-key": key } }),
      status: 400,
    },
    {
      id: "createPet.idempotency.distinct-keys",
      operationId: "createPet",
      title: "creates a second pet for a second key with the same body",
      requires: [],
      setup: firstCreate,
      request: ({ body }: Replay) => createRequest(body, { headers: { "idempotency-key": crypto.randomUUID() } }),
      status: 201,
      checks: [
        {
          name: "assigns a new id",
          requires: ["stateful"],
          check: (e, { first }: Replay) =>
            petOf(e)?.id !== (first.json as Pet).id
              ? undefined
              : `expected a new id, got the first pet's ${petOf(e)?.id}`,
        },
      ],
    },
  ];
}
