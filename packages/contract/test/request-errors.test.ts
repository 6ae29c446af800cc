import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { renderGeneratedFiles } from "../scripts/generated-files";
import { requestErrorStatuses, undeclaredRequestErrors } from "../scripts/request-errors";
import type { OpenApiDocument } from "../scripts/resolve";
import { requestErrorStatuses as generated } from "../src/index";

const contract = fileURLToPath(new URL("../openapi.yaml", import.meta.url));
const load = async () => parse(await readFile(contract, "utf8")) as OpenApiDocument & Record<string, any>;
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The contract with `PATCH /pets/{petId}` declaring `responses` (a body, the global security, a path parameter). */
async function withUpdatePet(responses: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const document = await load();
  document.paths["/pets/{petId}"]!.patch = {
    operationId: "updatePet",
    "x-sdk-method": "pets.update",
    parameters: [{ $ref: "#/components/parameters/PetId" }],
    requestBody: {
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/NewPet" } } },
    },
    responses,
    ...extra,
  };
  return document;
}

describe("x-request-errors: the statuses every operation declares for what it has", () => {
  it("are the x-error-codes statuses of its codes, generated as requestErrorStatuses", async () => {
    const document = await load();
    const statuses = requestErrorStatuses(document);
    const catalogue = document["x-error-codes"]!;
    for (const [part, codes] of Object.entries(document["x-request-errors"]!))
      expect(statuses[part as keyof typeof statuses]).toEqual(codes!.codes!.map((code) => catalogue[code]!.status));
    expect(generated).toEqual(statuses);
  });

  it("are declared by every operation of the contract", async () => {
    expect(undeclaredRequestErrors(await load())).toEqual([]);
  });

  it("refuse an operation with a body that lacks 413 and 415, in one line naming it and them", async () => {
    const document = await withUpdatePet({
      "200": { description: "Updated." },
      "400": ref("BadRequest"),
      "401": ref("Unauthorized"),
      "503": ref("ServiceUnavailable"),
      default: ref("UnexpectedError"),
    });
    expect(undeclaredRequestErrors(document)).toEqual([
      "updatePet (PATCH /pets/{petId}) must declare 413, 415: the service answers them before it runs " +
        "(x-request-errors: requestBody); $ref the shared responses of components/responses",
    ]);
  });

  it("ask 401 of every operation, and refuse one that opts out of security, which the service would not honour", async () => {
    const declared = {
      "200": { description: "Updated." },
      "400": ref("BadRequest"),
      "413": ref("PayloadTooLarge"),
      "415": ref("UnsupportedMediaType"),
      "503": ref("ServiceUnavailable"),
    };
    expect(undeclaredRequestErrors(await withUpdatePet(declared))).toEqual([
      expect.stringMatching(/^updatePet \(PATCH \/pets\/\{petId\}\) must declare 401: .*x-request-errors: security\)/),
    ]);
    const refusal =
      "updatePet (PATCH /pets/{petId}) overrides the document's security: the service authenticates every operation " +
      "with the API key (Authorization: Bearer), so it would answer 401 all the same; remove its security";
    expect(undeclaredRequestErrors(await withUpdatePet(declared, { security: [] }))).toEqual([
      refusal,
      expect.stringMatching(/^updatePet \(PATCH \/pets\/\{petId\}\) must declare 401: /),
    ]);
    const document = await load();
    const same = await withUpdatePet({ ...declared, "401": ref("Unauthorized") }, { security: document.security });
    expect(undeclaredRequestErrors(same)).toEqual([]);
  });

  it("make `pnpm generate` refuse the contract, naming the operation", async () => {
    const dir = await mkdtemp(join(tmpdir(), "petstore-contract-"));
    try {
      const file = join(dir, "openapi.yaml");
      await writeFile(file, stringify(await withUpdatePet({ "200": { description: "Updated." } })));
      await expect(renderGeneratedFiles(file)).rejects.toThrow(
        /^\[@petstore\/contract\] updatePet \(PATCH \/pets\/\{petId\}\) must declare 400, 401, 413, 415, 503: /,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("name an entry whose code is not in x-error-codes", async () => {
    const document = await load();
    document["x-request-errors"]!.every = { codes: ["store_down"] };
    expect(() => requestErrorStatuses(document)).toThrow(
      "[@petstore/contract] x-request-errors.every names store_down, which x-error-codes lacks",
    );
  });
});
