// Adds two real operations — `PATCH /pets/{petId}` (updatePet) and `DELETE /pets/{petId}` (deletePet) — to a copy of
// the repository by CONTRIBUTING.md's "Add an operation" recipe, regenerates, builds the SDK and drives
// `pets.update()`/`pets.delete()` through it against the server (SQLite and memory stores) and the mock (MSW). It
// checks that the hand-written files the recipe needed are exactly the recipe's list, runs the conformance suite (the
// two new matrix files included) and its fuzzing on the copy's server and mock, and runs, unedited, the repository's
// own tests that derive the operations from the contract.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// `yaml` is the contract's dependency, not the root's: load it from there (it keeps the document's comments).
const { parseDocument } = createRequire(join(root, "packages/contract/package.json"))("yaml") as {
  parseDocument(text: string): { setIn(path: readonly unknown[], value: unknown): void; toString(): string };
};
const bin = (name: string) => join(root, "node_modules/.bin", name);
// Workspace folders whose node_modules (symlinks only, relative ones pointing at sibling packages) are copied so
// that `@petstore/*` imports in the copy resolve to the copy's sources.
const packages = [
  "packages/contract",
  "packages/service",
  "packages/client",
  "packages/mock",
  "packages/conformance",
  "apps/server",
  "apps/docs",
];
/** Where the test keeps its own scripts in the copy: not part of the repository, left out of the file accounting. */
const scratch = ".evolution";

let copy: string;
/** Content hash of every file of the copy before the recipe, by path relative to the copy. */
let before: Map<string, string>;

/** Runs a command in the copy; rejects with its output when it fails. */
async function sh(
  cwd: string,
  command: string,
  args: string[],
  timeout = 120_000,
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: join(copy, cwd),
      maxBuffer: 16 * 1024 * 1024,
      timeout,
      env: { ...process.env, NODE_ENV: "test", ...env },
    });
    return stdout + stderr;
  } catch (error) {
    const { stdout, stderr, code, signal } = error as {
      stdout?: string;
      stderr?: string;
      code?: unknown;
      signal?: unknown;
    };
    throw new Error(
      `${command} ${args.join(" ")} failed in ${cwd} (${String(code ?? signal)}):\n${stdout ?? ""}${stderr ?? ""}`,
    );
  }
}

/** Rewrites one file of the copy. */
async function edit(file: string, change: (text: string) => string): Promise<void> {
  const path = join(copy, file);
  const text = await readFile(path, "utf8");
  const changed = change(text);
  if (changed === text) throw new Error(`the recipe's edit of ${file} changed nothing: its anchor moved`);
  await writeFile(path, changed);
}

/** Inserts `addition` after the first occurrence of `anchor` in `text`; throws when the anchor is gone. */
function after(text: string, anchor: string | RegExp, addition: string): string {
  const match = typeof anchor === "string" ? { index: text.indexOf(anchor), 0: anchor } : anchor.exec(text);
  if (!match || match.index < 0) throw new Error(`anchor ${String(anchor)} not found`);
  const end = match.index + match[0].length;
  return text.slice(0, end) + addition + text.slice(end);
}

/** Hashes every file under the copy but dependencies, builds and the test's scratch folder. */
async function snapshot(): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (["node_modules", "dist", ".turbo", scratch].includes(entry.name)) continue;
        await walk(path);
      } else if (entry.isFile()) {
        hashes.set(
          relative(copy, path),
          createHash("sha256")
            .update(await readFile(path))
            .digest("hex"),
        );
      }
    }
  }
  await walk(copy);
  return hashes;
}

const requestId = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } };
const notFound = {
  description: "No animal has this id.",
  headers: requestId,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { code: "not_found", message: "No pet with id 42.", status: 404 },
    },
  },
};
/** A shared response of `components/responses`, as the existing operations declare their errors. */
const shared = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Recipe step 1: the two operations in the contract. */
async function addToContract(): Promise<void> {
  const file = join(copy, "packages/contract/openapi.yaml");
  const document = parseDocument(await readFile(file, "utf8"));
  document.setIn(["paths", "/pets/{petId}", "patch"], {
    operationId: "updatePet",
    "x-sdk-method": "pets.update",
    summary: "Update an animal",
    description: "Replaces the animal's name and category, and its status when one is given.",
    tags: ["animals"],
    parameters: [{ $ref: "#/components/parameters/PetId" }],
    requestBody: {
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/NewPet" } } },
    },
    responses: {
      "200": {
        description: "The animal as updated.",
        headers: requestId,
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/Pet" },
            example: { id: 1, name: "Rex", categoryId: 2, status: "sold" },
          },
        },
      },
      // What the service answers before the operation runs, for its security, parameter and body
      // (x-request-errors; the contract's lint refuses the operation without them).
      "400": shared("BadRequest"),
      "401": shared("Unauthorized"),
      "404": notFound,
      "413": shared("PayloadTooLarge"),
      "415": shared("UnsupportedMediaType"),
      "503": shared("ServiceUnavailable"),
      default: shared("UnexpectedError"),
    },
  });
  document.setIn(["paths", "/pets/{petId}", "delete"], {
    operationId: "deletePet",
    "x-sdk-method": "pets.delete",
    summary: "Delete an animal",
    description: "Removes the animal; its id is never given to another. A second delete is a 404.",
    tags: ["animals"],
    parameters: [{ $ref: "#/components/parameters/PetId" }],
    responses: {
      "204": { description: "The animal was deleted.", headers: requestId },
      "400": shared("BadRequest"),
      "401": shared("Unauthorized"),
      "404": notFound,
      "503": shared("ServiceUnavailable"),
      default: shared("UnexpectedError"),
    },
  });
  await writeFile(file, document.toString());
}

/** Recipe step 3: the operation functions, over new `PetStore` methods, and those methods in every store. */
async function addOperationsAndStores(): Promise<void> {
  await writeFile(
    join(copy, "packages/service/src/operations/update-pet.ts"),
    `import { RuleError } from "../errors";
import { messages } from "../messages";
import type { Operation } from "../operation";
import { pickNewPet } from "../pets";

/** \`PATCH /pets/{petId}\`: replaces a pet's fields, or a 404 saying how to find ids. */
export const updatePet: Operation = async ({ params, body, store, basePath }) => {
  const petId = params.petId as number | string;
  const input = pickNewPet(body as Record<string, unknown>);
  const pet = typeof petId === "number" ? await store.update(petId, input) : undefined;
  if (!pet) throw new RuleError(404, messages.petNotFound(petId, basePath));
  return { status: 200, body: pet };
};
`,
  );
  await writeFile(
    join(copy, "packages/service/src/operations/delete-pet.ts"),
    `import { RuleError } from "../errors";
import { messages } from "../messages";
import type { Operation } from "../operation";

/** \`DELETE /pets/{petId}\`: removes a pet (a 204), or a 404 saying how to find ids. */
export const deletePet: Operation = async ({ params, store, basePath }) => {
  const petId = params.petId as number | string;
  const deleted = typeof petId === "number" && (await store.delete(petId));
  if (!deleted) throw new RuleError(404, messages.petNotFound(petId, basePath));
  return { status: 204 };
};
`,
  );
  await edit("packages/service/src/store.ts", (text) =>
    after(
      text,
      "  list(query: ListQuery): Promise<Pet[]>;\n",
      `  /** Replaces the pet's name and category (and status when given); the updated pet, or undefined when there is none. */
  update(id: number, pet: NewPet): Promise<Pet | undefined>;
  /**
   * Removes the pet; false when there is none. Its id is never given to another pet, and the idempotency key it was
   * created under is no key any more: a replay of its create adds a new pet.
   */
  delete(id: number): Promise<boolean>;
`,
    ),
  );
  await edit("packages/service/src/memory-store.ts", (text) =>
    after(
      text,
      /async list\(query: ListQuery\): Promise<Pet\[\]> \{\n.*\n {2}\}\n/,
      `
  async update(id: number, input: NewPet): Promise<Pet | undefined> {
    const current = this.#pets.get(id);
    if (!current) return undefined;
    const pet = normalizePet(id, { status: current.status, ...input });
    this.#pets.set(id, pet);
    this.#revision++;
    return pet;
  }

  async delete(id: number): Promise<boolean> {
    if (!this.#pets.delete(id)) return false;
    this.#revision++;
    return true;
  }
`,
    ),
  );
  await edit("apps/server/src/store/sql-store.ts", (text) =>
    after(
      after(
        text,
        'findScope: "SELECT id FROM petstore_key_scopes WHERE scope = ?",\n',
        `  updatePet: \`UPDATE petstore_pets SET name_json = ?, category_id = ?, status = COALESCE(?, status) WHERE id = ?
               RETURNING id, name_json, category_id, status\`,
  deleteKeysOfPet: "DELETE FROM petstore_keys WHERE pet_id = ?",
  deletePetReturning: "DELETE FROM petstore_pets WHERE id = ? RETURNING id",
`,
      ),
      "    sweep: () => guarded(sweep),\n",
      `    update: (id, input) =>
      guarded(async () => {
        const [row] = await driver.transaction((session) =>
          session.query<PetRow>(sql.updatePet, [
            JSON.stringify(input.name),
            input.categoryId,
            input.status ?? null,
            id,
          ]),
        );
        return row ? toPet(row) : undefined;
      }),
    delete: (id) =>
      guarded(async () => {
        const deleted = await driver.transaction(async (session) => {
          // Its idempotency keys go with it (their rows refer to it): a replay of its create adds a new pet.
          await session.query(sql.deleteKeysOfPet, [id]);
          return session.query(sql.deletePetReturning, [id]);
        });
        return deleted.length === 1;
      }),
`,
    ),
  );
}

/**
 * Recipe step 4: one conformance matrix file per operation, with its cases and its requests for the authentication
 * cases; `pnpm generate` lists it in the matrix.
 */
async function addConformance(): Promise<void> {
  for (const [operationId, file, method, ok, body] of [
    ["updatePet", "update-pet", "PATCH", 200, true],
    ["deletePet", "delete-pet", "DELETE", 204, false],
  ] as const) {
    const payload = body ? "body: JSON.stringify(newPet({ categoryId: 9 }))," : "";
    // What a replayed create answers once its pet changed: the pet as it is now; once it is gone, a new pet (a key
    // whose pet is gone is no key). Every store alike: these cases hold each target to it.
    const replay = {
      updatePet: {
        id: "updatePet.idempotency.replay-after-update",
        title: "replays a create with its pet as updated since",
        after: 200,
        check: `{
          name: "answers the updated pet, replayed",
          check: (e, { after }: Replay) =>
            differs("replayed pet", petOf(e), petOf(after)) ??
            (e.headers.get("idempotent-replayed") === "true" ? undefined : "no idempotent-replayed: true"),
        }`,
      },
      deletePet: {
        id: "deletePet.idempotency.replay-after-delete",
        title: "adds a new pet when a create is replayed after its pet was deleted",
        after: 204,
        check: `{
          name: "is a new pet, not the deleted one replayed",
          check: (e, { first }: Replay) =>
            e.headers.get("idempotent-replayed") !== null || petOf(e)?.id === petOf(first)?.id
              ? \`answered the deleted pet \${petOf(first)?.id} again (idempotent-replayed: \${e.headers.get("idempotent-replayed")}, id \${petOf(e)?.id})\`
              : undefined,
        }`,
      },
    }[operationId];
    const replayCase = `
    {
      id: "${replay.id}",
      operationId: "createPet",
      title: "${replay.title}",
      requires: ["stateful"],
      setup: async (send: Send): Promise<Replay> => {
        const key = crypto.randomUUID();
        const body = newPet();
        const first = await send(createRequest(body, { headers: { "idempotency-key": key } }));
        const after = first.status === 201 ? await send(request(String(petOf(first)!.id))) : first;
        if (after.status !== ${replay.after}) throw new Error(\`setup: create then ${method} answered \${first.status}, \${after.status}\`);
        return { key, body, first, after };
      },
      request: ({ key, body }: Replay) => createRequest(body, { headers: { "idempotency-key": key } }),
      status: 201,
      checks: [${replay.check}],
    },`;
    await writeFile(
      join(copy, `packages/conformance/src/matrix/${file}.ts`),
      `import type { NewPet, Pet } from "@petstore/contract";
import type { CaseRequest, ConformanceCase, Exchange, OperationRequests, Send } from "../case";
import { breaksContract, createPets, createRequest, ${body ? "differs, " : ""}newPet, petOf } from "./helpers";

/** A pet created under an idempotency key, then changed by this operation. */
interface Replay {
  key: string;
  body: NewPet;
  first: Exchange;
  after: Exchange;
}

const request = (id: string): CaseRequest => ({ method: "${method}", path: \`/pets/\${id}\`, auth: "valid", ${payload} });

/** What the authentication cases send to \`${method} /pets/{petId}\`: a pet created first, and an id that is not one. */
export const ${operationId}Requests: OperationRequests = {
  valid: { setup: (send) => createPets(send, [newPet()]), request: ([pet]: Pet[]) => request(String(pet!.id)) },
  invalid: request("abc"),
};

/** \`${method} /pets/{petId}\`: a created pet, an id that is not one, an unknown id. */
export function ${operationId}Cases(): ConformanceCase[] {
  return [
    {
      id: "${operationId}.created",
      operationId: "${operationId}",
      title: "answers ${ok} for a created pet",
      requires: ["stateful"],
      setup: (send) => createPets(send, [newPet()]),
      request: ([pet]: Pet[]) => request(String(pet!.id)),
      status: ${ok},
    },
    breaksContract({
      id: "${operationId}.id.abc",
      operationId: "${operationId}",
      title: "rejects petId abc with 400",
      requires: [],
      request: request("abc"),
      status: 400,
    }),
    {
      id: "${operationId}.id.unknown",
      operationId: "${operationId}",
      title: "answers an unknown petId with 404",
      requires: ["stateful"],
      request: request("9007199254740991"),
      status: 404,
    },${replayCase}
  ];
}
`,
    );
  }
}

/** Recipe step 5: the changeset. */
async function addChangeset(): Promise<void> {
  await writeFile(
    join(copy, ".changeset/evolution-update-delete.md"),
    `---
"@petstore/contract": minor
"@petstore/client": minor
"@petstore/mock": minor
---

\`PATCH /pets/{petId}\` (\`pets.update()\`) and \`DELETE /pets/{petId}\` (\`pets.delete()\`).
`,
  );
}

/** What the driver script prints for one target. */
interface Drive {
  target: string;
  created: { id: number }[];
  updated: unknown;
  listed: unknown;
  deleted: unknown;
  deleteAgain: { status?: number; code?: string };
  updateMissing: { status?: number; code?: string };
  next: { id: number };
  nextAfterHighest: { id: number };
  /** The new operations' conformance cases run on this target's server (servers only). */
  conformance?: { caseId: string; outcome: string; problems: string[] }[];
}

// Runs in the copy with the source condition: the server and the mock from the copy's sources, the SDK from its build.
const driver = `
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const copy = process.argv[2];
const load = (file) => import(pathToFileURL(join(copy, file)).href);
const { createPetstoreClient } = await load("packages/client/dist/index.js");
const { startServer, createSqliteStore } = await load("apps/server/src/index.ts");
const { createMemoryStore } = await load("packages/service/src/index.ts");
const { createPetstoreHandlers } = await load("packages/mock/src/index.ts");
const { buildMatrix, httpTarget, runMatrix } = await load("packages/conformance/src/index.ts");
const { setupServer } = await import(
  pathToFileURL(createRequire(join(copy, "packages/mock/package.json")).resolve("msw/node")).href
);

const failure = (error) => ({ status: error.status, code: error.code });
async function drive(target, client) {
  const created = [];
  for (const name of ["Rex", "Tom", "Ada"]) created.push(await client.pets.create({ name, categoryId: 1, status: "available" }));
  const [rex, tom, ada] = created;
  const updated = await client.pets.update(rex.id, { name: "Rexy", categoryId: 2 });
  const deleted = await client.pets.delete(tom.id);
  const deleteAgain = await client.pets.delete(tom.id).then(() => ({}), failure);
  const updateMissing = await client.pets.update(tom.id, { name: "Tom", categoryId: 1 }).then(() => ({}), failure);
  const listed = await client.pets.list({ limit: 10 });
  // Deleting the highest id must not hand it out again.
  await client.pets.delete(ada.id);
  const next = await client.pets.create({ name: "Bo", categoryId: 3 });
  await client.pets.delete(next.id);
  const nextAfterHighest = await client.pets.create({ name: "Cy", categoryId: 3 });
  return { target, created, updated, deleted: deleted === undefined ? "undefined" : deleted, deleteAgain, updateMissing, listed, next, nextAfterHighest };
}

const results = [];
const options = { maxRetries: 0, onDeprecation: false };
for (const [target, store] of [
  ["server (SQLite)", await createSqliteStore(join(copy, ".evolution/petstore.db"))],
  ["server (memory)", createMemoryStore()],
]) {
  const server = await startServer({ store, apiKeys: ["evolution-key"] });
  try {
    const result = await drive(target, createPetstoreClient({ ...options, apiKey: "evolution-key", baseUrl: server.baseUrl }));
    // The new matrix files' cases on this store too (the conformance CLI runs the server on SQLite only).
    const cases = buildMatrix().filter((kase) => /^(updatePet|deletePet)./.test(kase.id));
    const outcomes = await runMatrix(httpTarget({ name: target, baseUrl: server.baseUrl, apiKey: "evolution-key" }), cases, {});
    result.conformance = outcomes.map(({ caseId, outcome, problems }) => ({ caseId, outcome, problems }));
    results.push(result);
  } finally {
    await server.close();
    await store.close();
  }
}
const mock = setupServer(...createPetstoreHandlers({ pets: [] }));
mock.listen({ onUnhandledRequest: "error" });
try {
  results.push(await drive("mock (MSW)", createPetstoreClient({ ...options, apiKey: "test-key" })));
} finally {
  mock.close();
}
process.stdout.write(JSON.stringify(results));
`;

let touched: string[];
let drives: Drive[];

beforeAll(async () => {
  await mkdir(join(root, ".tmp"), { recursive: true });
  copy = await mkdtemp(join(root, ".tmp/evolution-"));
  const { stdout } = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  const files = stdout.split("\0").filter((file) => file !== "" && !file.startsWith(".tmp/"));
  await Promise.all(
    files.map((file) =>
      cp(join(root, file), join(copy, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error; // deleted in the work tree but not yet in the index
      }),
    ),
  );
  await symlink(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  await Promise.all(
    packages.map((dir) =>
      cp(join(root, dir, "node_modules"), join(copy, dir, "node_modules"), { recursive: true, verbatimSymlinks: true }),
    ),
  );
  before = await snapshot();

  await addToContract();
  await addOperationsAndStores();
  await addConformance();
  await addChangeset();
  // Recipe step 2, as the contributor runs it: every package's generated code (contract, service, client, conformance).
  await sh(".", "pnpm", ["generate"], 150_000);

  const after = await snapshot();
  touched = [...after]
    .filter(([file, hash]) => before.get(file) !== hash)
    .map(([file]) => file)
    .filter((file) => !file.split("/").includes("generated"))
    .sort();

  await sh("packages/client", "pnpm", ["build"], 150_000);
  await mkdir(join(copy, scratch), { recursive: true });
  await writeFile(join(copy, scratch, "drive.mjs"), driver);
  const output = await sh(".", bin("tsx"), ["--conditions=@petstore/source", join(scratch, "drive.mjs"), copy]);
  drives = JSON.parse(output.slice(output.indexOf("[{"))) as Drive[];
}, 300_000);

afterAll(async () => {
  // EVOLUTION_KEEP=1 keeps the copy under .tmp/ to look into a failure.
  if (copy && !process.env.EVOLUTION_KEEP) await rm(copy, { recursive: true, force: true });
});

describe("adding PATCH and DELETE /pets/{petId} by CONTRIBUTING.md's recipe", () => {
  it("generates pets.update() and pets.delete() from x-sdk-method, with no hand edit in packages/client", async () => {
    const types = await readFile(join(copy, "packages/client/src/generated/types.ts"), "utf8");
    expect(types).toMatch(/update\(petId: [^)]*\): PetstorePromise<Pet>/);
    expect(types).toMatch(/delete\(petId: [^)]*options\?: RequestOptions\): PetstorePromise<void>/);
    expect(await readFile(join(copy, "packages/service/src/generated/operations.ts"), "utf8")).toMatch(
      /updatePet, deletePet|deletePet, updatePet/,
    );
  });

  it("touches only the recipe's hand-written files: contract, operations, stores, matrix files, changeset", () => {
    expect(touched).toEqual([
      ".changeset/evolution-update-delete.md",
      "apps/server/src/store/sql-store.ts",
      "packages/conformance/src/matrix/delete-pet.ts",
      "packages/conformance/src/matrix/update-pet.ts",
      "packages/contract/openapi.yaml",
      "packages/service/src/memory-store.ts",
      "packages/service/src/operations/delete-pet.ts",
      "packages/service/src/operations/update-pet.ts",
      "packages/service/src/store.ts",
    ]);
    // Issue 24's bound for these two operations.
    expect(touched.length).toBeLessThanOrEqual(9);
  });

  it("the copy type-checks and the conformance matrix covers both operations", async () => {
    const checks = await Promise.all([
      sh("packages/service", bin("tsc"), ["-p", "tsconfig.json"], 150_000),
      sh("apps/server", bin("tsc"), ["-p", "tsconfig.json"], 150_000),
      sh("packages/conformance", bin("tsc"), ["-p", "tsconfig.json"], 150_000),
      sh("packages/conformance", bin("tsx"), ["--conditions=@petstore/source", "src/cli.ts", "--list"]),
      sh("apps/server", bin("tsx"), ["--conditions=@petstore/source", "scripts/lint.ts"]),
      sh("packages/mock", bin("tsx"), ["--conditions=@petstore/source", "scripts/lint.ts"]),
    ]);
    for (const operationId of ["updatePet", "deletePet"]) {
      expect(checks[3]).toContain(`${operationId}.created`);
      // The authentication cases found the operation's requests in its matrix file, and its 2xx in the contract.
      for (const auth of ["missing", "unknown-key", "missing-before-validation"])
        expect(checks[3]).toContain(`${operationId}.auth.${auth}\t401`);
    }
    expect(checks[3]).toContain("updatePet.auth.lowercase-scheme\t200");
    expect(checks[3]).toContain("deletePet.auth.lowercase-scheme\t204");
    // DELETE /pets/{petId} is served now: the path's 405 case sends the next method it lacks.
    expect(checks[3]).toContain("routes.put-pets-petId\t405");
    expect(checks[3]).not.toContain("routes.delete-pets-petId");
  }, 200_000);

  it("the conformance suite and its fuzzing pass on the copy's server and mock, the new operations' cases included", async () => {
    // The copy's server from its sources, started by the suite per run (absolute paths: it runs where pnpm was typed).
    const server = `"${bin("tsx")}" --conditions=@petstore/source "${join(copy, "apps/server/src/main.ts")}"`;
    const cli = ["--conditions=@petstore/source", "src/cli.ts", "--target", "msw,server", "--fuzz-requests", "1000"];
    const output = await sh("packages/conformance", bin("tsx"), [...cli, "--server-command", server, "--report"]);
    for (const id of [
      "updatePet.created",
      "deletePet.created",
      "deletePet.id.unknown",
      "deletePet.idempotency.replay-after-delete",
      "updatePet.idempotency.replay-after-update",
      "updatePet.auth.lowercase-scheme",
    ])
      expect(output).toContain(`| ${id} | pass | pass |`);
    expect(output).toMatch(/msw: (\d+)\/\1 applicable cases pass, 0 fail/);
    // Generated bad requests, to the new operations too: every answer is one the contract declares (the mock sends
    // no other), which x-request-errors makes each operation declare.
    for (const target of ["msw", "server"])
      expect(output).toMatch(new RegExp(`${target} fuzz: 1000 requests, .*: pass`));
    expect(output).toMatch(/server: (\d+)\/\1 applicable cases pass, 0 fail/);
  }, 200_000);

  it("the unit tests of every package the recipe reaches pass on the copy, unedited", async () => {
    // Not a list of files that happen to derive the operations: every unit test of the packages that the contract,
    // the generated modules and the recipe's files feed, so a test anywhere in them that hard-codes the operations
    // fails here. The unit projects: contract (the document), service (operations, store, generated table), client
    // (generated SDK), mock (the core over MSW) and server (the Node adapter and the SQL store), type tests included.
    // All five, whole: each reads what the recipe changes, and none is the bulk (test time in the copy: client 44 s,
    // its README snippets 15 s of that; server 29 s; mock 8 s; service 5 s; contract 3 s; plus client's and mock's type
    // tests). Measured on 2 cores shared with other work, this test's CPU went from 76 s (9 chosen files) to 176 s
    // (user time of `vitest run --project repo test/evolution.test.ts`), most of the growth here. conformance and docs
    // have only an integration tier (servers, Prism, browsers, site builds): of theirs run the in-process tests that
    // read the operations from the contract (9 s of CPU): the matrix's coverage and staleness, the docs' code samples
    // (each operation's curl and TypeScript sample against a server) and try-it forms. The rest of conformance runs
    // through its CLI above.
    const unitProjects = ["contract", "service", "client", "mock", "server"];
    const integrationFiles = [
      "packages/conformance/test/generated.test.ts",
      "packages/conformance/test/matrix.test.ts",
      "apps/docs/test/code-samples.test.ts",
      "apps/docs/test/try-it-units.test.ts",
    ];
    const integrationConfig = join(scratch, "vitest.integration.config.mjs");
    const integrationProjects = [
      ...new Set(integrationFiles.map((file) => join(copy, file.split("/test/")[0]!, "vitest.integration.config.ts"))),
    ];
    await writeFile(
      join(copy, integrationConfig),
      `export default { test: { projects: ${JSON.stringify(integrationProjects)} } };\n`,
    );
    const reports = [join(scratch, "unit.json"), join(scratch, "integration.json")];
    const reporter = (report: string) => ["--reporter=json", `--outputFile=${report}`];
    await Promise.all([
      sh(
        ".",
        bin("vitest"),
        ["run", "--root", copy, ...unitProjects.flatMap((name) => ["--project", name]), ...reporter(reports[0]!)],
        600_000,
        { PETSTORE_TEST_TIER: "unit" },
      ),
      sh(
        ".",
        bin("vitest"),
        ["run", "--config", integrationConfig, "--root", copy, ...reporter(reports[1]!), ...integrationFiles],
        600_000,
      ),
    ]);
    const testResults = (
      await Promise.all(
        reports.map(
          async (report) =>
            (
              JSON.parse(await readFile(join(copy, report), "utf8")) as {
                testResults: {
                  name: string;
                  status: string;
                  assertionResults: { fullName: string; status: string }[];
                }[];
              }
            ).testResults,
        ),
      )
    ).flat();
    const files = testResults.map((result) => relative(copy, result.name));
    expect(
      testResults.filter((result) => result.status !== "passed").map((result) => relative(copy, result.name)),
    ).toEqual([]);
    for (const dir of ["packages/contract", "packages/service", "packages/client", "packages/mock", "apps/server"])
      expect(files.filter((file) => file.startsWith(`${dir}/test/`)).length, dir).toBeGreaterThanOrEqual(5);
    expect(files).toEqual(expect.arrayContaining(integrationFiles));
    const names = testResults.flatMap((result) =>
      result.assertionResults.filter((test) => test.status === "passed").map((test) => test.fullName),
    );
    // They ran cases of the new operations, found in the contract: the mock's request errors (413 and 415 for
    // updatePet's body), its Prefer cases, the server's SDK and serialization cases, the docs' samples.
    for (const operationId of ["updatePet", "deletePet"])
      expect(names.filter((name) => name.includes(operationId)).length, operationId).toBeGreaterThanOrEqual(6);
    expect(names).toContainEqual(expect.stringMatching(/updatePet with a body over the limit is a 413/));
    expect(names).toContainEqual(expect.stringMatching(/updatePet with a body that is text\/plain is a 415/));
  }, 660_000);

  for (const target of ["server (SQLite)", "server (memory)", "mock (MSW)"]) {
    describe(target, () => {
      const result = () => drives.find((drive) => drive.target === target)!;

      it("pets.update() answers the updated pet, keeping the status it was not given", () => {
        const [rex] = result().created;
        expect(result().updated).toEqual({ id: rex!.id, name: "Rexy", categoryId: 2, status: "available" });
      });

      it("pets.delete() resolves with nothing; the pet is gone and a second delete or an update is a 404", () => {
        const [rex, tom, ada] = result().created;
        expect(result().deleted).toBe("undefined");
        expect(result().deleteAgain).toEqual({ status: 404, code: "not_found" });
        expect(result().updateMissing).toEqual({ status: 404, code: "not_found" });
        expect((result().listed as { id: number }[]).map((pet) => pet.id)).toEqual([rex!.id, ada!.id]);
        expect(tom!.id).toBeGreaterThan(rex!.id);
      });

      it.runIf(target.startsWith("server"))(
        "passes the new matrix files' cases: a create replayed after an update or a delete, and the rest",
        () => {
          const { conformance = [] } = result();
          expect(conformance.map(({ caseId }) => caseId)).toEqual(
            expect.arrayContaining([
              "deletePet.idempotency.replay-after-delete",
              "updatePet.idempotency.replay-after-update",
            ]),
          );
          expect(conformance.filter(({ outcome }) => outcome !== "pass")).toEqual([]);
        },
      );

      it("never hands out a deleted id again, even the highest", () => {
        const [, , ada] = result().created;
        expect(result().next.id).toBeGreaterThan(ada!.id);
        expect(result().nextAfterHighest.id).toBeGreaterThan(result().next.id);
      });
    });
  }
});
