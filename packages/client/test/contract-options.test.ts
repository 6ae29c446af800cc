import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ContractOperation, type JsonSchema, operationTable } from "@petstore/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { renderGeneratedFiles } from "../scripts/generated-files";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const isKey = (p: { in: string; name: string }) => p.in === "header" && p.name.toLowerCase() === "idempotency-key";

/** The contract's operation table with the `Idempotency-Key` header's schema replaced (a copy: the table is kept). */
const withKeySchema = (schema: JsonSchema | ((op: ContractOperation) => JsonSchema)): ContractOperation[] =>
  operationTable.map((op) => ({
    ...op,
    parameters: op.parameters.map((p) =>
      isKey(p) ? { ...p, schema: typeof schema === "function" ? schema(op) : schema } : p,
    ),
  }));

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/**
 * `createPetstoreClient` as built from a contract whose operations are `table`: the client's generator writes its
 * `src/generated/options.ts` into a temporary folder (beside a link to the real `src/internal`), and the client
 * is loaded afresh with that file in place of the committed one.
 */
async function clientFrom(table: readonly ContractOperation[]) {
  const folder = await mkdtemp(join(tmpdir(), "petstore-key-rule-"));
  folders.push(folder);
  await mkdir(join(folder, "generated"));
  await symlink(fileURLToPath(new URL("../src/internal", import.meta.url)), join(folder, "internal"), "dir");
  const file = join(folder, "generated", "options.ts");
  await writeFile(file, renderGeneratedFiles(table)["options.ts"]!);
  vi.resetModules();
  vi.doMock("../src/generated/options", () => import(file));
  try {
    return (await import("../src/index")).createPetstoreClient;
  } finally {
    vi.doUnmock("../src/generated/options");
  }
}

/** Creates a pet with `options`, resolving to the `Idempotency-Key` sent, or rejecting with the SDK's TypeError. */
async function sentKey(createPetstoreClient: Awaited<ReturnType<typeof clientFrom>>, options: object) {
  const { fetch, requests } = fakeFetch(jsonResponse(201, PET));
  const petstore = createPetstoreClient({ apiKey: "k", fetch, onDeprecation: false });
  try {
    await petstore.pets.create({ name: "Rex", categoryId: 1 }, options);
  } catch (error) {
    expect(requests).toHaveLength(0);
    throw error;
  }
  return requests[0]?.headers.get("idempotency-key");
}

describe("the Idempotency-Key the SDK accepts is the contract's", () => {
  it("follows the contract's minLength and maxLength, in the check and in its message, option and header alike", async () => {
    const create = await clientFrom(withKeySchema({ type: "string", minLength: 8, maxLength: 128 }));
    await expect(sentKey(create, { idempotencyKey: "k".repeat(128) })).resolves.toBe("k".repeat(128));
    await expect(sentKey(create, { idempotencyKey: "k".repeat(8) })).resolves.toBe("k".repeat(8));
    await expect(sentKey(create, { headers: { "Idempotency-Key": "k".repeat(100) } })).resolves.toBe("k".repeat(100));
    await expect(sentKey(create, { idempotencyKey: "k".repeat(129) })).rejects.toThrow(
      new TypeError(`[@petstore/client] idempotencyKey must be 8 to 128 characters; got "${"k".repeat(129)}".`),
    );
    await expect(sentKey(create, { idempotencyKey: "k".repeat(7) })).rejects.toThrow(
      /^\[@petstore\/client\] idempotencyKey must be 8 to 128 characters; got "k{7}"\.$/,
    );
    await expect(sentKey(create, { headers: { "Idempotency-Key": "k".repeat(200) } })).rejects.toThrow(
      /headers idempotency-key must be 8 to 128 characters/,
    );
    // Still only what a header value can carry.
    await expect(sentKey(create, { idempotencyKey: "abcdefgh\n" })).rejects.toThrow(/must be 8 to 128 characters/);
  });

  it("tests the contract's pattern, and says it", async () => {
    const create = await clientFrom(withKeySchema({ type: "string", maxLength: 64, pattern: "^[0-9a-f/-]+$" }));
    await expect(sentKey(create, { idempotencyKey: "6f1c/9b1e" })).resolves.toBe("6f1c/9b1e");
    await expect(sentKey(create, { idempotencyKey: "order 1" })).rejects.toThrow(
      'idempotencyKey must be at most 64 characters matching ^[0-9a-f/-]+$; got "order 1".',
    );
  });

  it("without a declared Idempotency-Key, is any non-empty header value", async () => {
    const create = await clientFrom(
      operationTable.map((op) => ({ ...op, parameters: op.parameters.filter((p) => !isKey(p)) })),
    );
    await expect(sentKey(create, { idempotencyKey: "k".repeat(1000) })).resolves.toBe("k".repeat(1000));
    await expect(sentKey(create, { idempotencyKey: "" })).rejects.toThrow(
      'idempotencyKey must be a non-empty header value; got "".',
    );
  });

  it("is refused at generation when operations disagree, or when the schema has a rule the SDK cannot check", () => {
    // A second operation declaring the header with another maxLength than createPet's.
    const declaring = operationTable.find((op) => op.parameters.some(isKey))!;
    const other = withKeySchema({ type: "string", maxLength: 64 }).find(
      (op) => op.operationId === declaring.operationId,
    )!;
    const table = [...operationTable, { ...other, operationId: "importPet" as never, sdkMethod: "pets.import" }];
    expect(() => renderGeneratedFiles(table)).toThrow(
      /^\[@petstore\/client\] the operations give Idempotency-Key different schemas \(.*importPet: \{"type":"string","maxLength":64\}\); the SDK's one idempotencyKey option needs one/,
    );
    expect(() => renderGeneratedFiles(withKeySchema({ type: "string", format: "uuid" }))).toThrow(
      '[@petstore/client] no SDK check for the Idempotency-Key schema {"type":"string","format":"uuid"}',
    );
  });
});

describe("the servers the SDK calls are the contract's", () => {
  const other = { sandbox: "https://sandbox.example.test/v2", live: "https://api.example.test/v2" };

  it("names each in environment's JSDoc, the first as the default, and their path in baseUrl's", () => {
    const options = renderGeneratedFiles(operationTable, other)["options.ts"]!;
    expect(options).toContain(
      '/** Which of the contract\'s servers to call: `"sandbox"` (https://sandbox.example.test/v2) or `"live"` ' +
        '(https://api.example.test/v2). Defaults to `"sandbox"`. */',
    );
    expect(options).toContain("/** Base URL including `/v2`, for a local server or a proxy;");
    const apart = renderGeneratedFiles(operationTable, { a: "https://a.test/v1", b: "https://b.test/" })["options.ts"]!;
    expect(apart).toContain("/** Base URL, for a local server or a proxy;");
  });

  it("calls the contract's first server when no environment is given", async () => {
    vi.resetModules();
    vi.doMock("@petstore/contract", async (original) => ({ ...(await original<object>()), servers: other }));
    try {
      const { createPetstoreClient } = await import("../src/index");
      for (const [environment, url] of [
        [undefined, other.sandbox],
        ["live", other.live],
      ] as const) {
        const { fetch, requests } = fakeFetch(jsonResponse(200, []));
        await createPetstoreClient({ apiKey: "k", fetch, environment: environment as never }).pets.list();
        expect(requests[0]?.url).toBe(`${url}/pets`);
      }
    } finally {
      vi.doUnmock("@petstore/contract");
    }
  });
});
