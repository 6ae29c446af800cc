// Adds an operation to a copy of the contract, regenerates, and proves every package that must implement it
// either serves it or fails naming it: the monorepo cannot silently ship half of a new operation.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
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
];

let copy: string;

/** Runs a command in the copy; resolves with its exit code and combined output instead of throwing. */
async function attempt(cwd: string, command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: join(copy, cwd),
      maxBuffer: 16 * 1024 * 1024,
      timeout: 120_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: unknown; stdout?: string; stderr?: string };
    return { code: typeof code === "number" ? code : 1, output: `${stdout ?? ""}${stderr ?? ""}` };
  }
}

/** Adds `DELETE /pets/{petId}` (operationId `deletePet`) to the copy's contract. */
async function addDeletePet(): Promise<void> {
  const file = join(copy, "packages/contract/openapi.yaml");
  const document = parseDocument(await readFile(file, "utf8"));
  const error = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  document.setIn(["paths", "/pets/{petId}", "delete"], {
    operationId: "deletePet",
    "x-sdk-method": "pets.delete",
    summary: "Delete an animal",
    description: "Removes the animal; a second delete is a 404.",
    tags: ["animals"],
    parameters: [{ $ref: "#/components/parameters/PetId" }],
    responses: {
      "204": {
        description: "The animal was deleted.",
        headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
      },
      "400": { $ref: "#/components/responses/BadRequest" },
      "401": { $ref: "#/components/responses/Unauthorized" },
      "404": {
        description: "No animal has this id.",
        headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
        content: error,
      },
      "503": { $ref: "#/components/responses/ServiceUnavailable" },
    },
  });
  await writeFile(file, document.toString());
}

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
  await addDeletePet();
  // The service's validators and the client's wiring are generated from the contract: generate the contract first.
  for (const dir of ["packages/contract", "packages/service", "packages/client"]) {
    const generated = await attempt(dir, bin("tsx"), ["--conditions=@petstore/source", "scripts/generate.ts"]);
    if (generated.code !== 0) throw new Error(`pnpm generate failed in ${dir}:\n${generated.output}`);
  }
}, 180_000);

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe("adding DELETE /pets/{petId} (deletePet) to the contract", () => {
  // Started together so the four checks run in parallel.
  const checks = {
    client: () => attempt("packages/client", bin("tsc"), ["-p", "tsconfig.json"]),
    server: () => attempt("apps/server", bin("tsx"), ["--conditions=@petstore/source", "scripts/lint.ts"]),
    mock: () => attempt("packages/mock", bin("tsx"), ["--conditions=@petstore/source", "scripts/lint.ts"]),
    conformanceTypes: () => attempt("packages/conformance", bin("tsc"), ["-p", "tsconfig.json"]),
    conformanceMatrix: () =>
      attempt("packages/conformance", bin("tsx"), ["--conditions=@petstore/source", "src/cli.ts", "--list"]),
  };
  let results: Promise<Record<keyof typeof checks, { code: number; output: string }>>;
  beforeAll(() => {
    results = (async () => {
      const entries = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => [name, await check()] as const),
      );
      return Object.fromEntries(entries) as Awaited<typeof results>;
    })();
  });

  it("regenerates the contract's operation table and the service's validators with it", async () => {
    expect(await readFile(join(copy, "packages/contract/src/generated/operation-table.ts"), "utf8")).toContain(
      '"deletePet"',
    );
    expect(await readFile(join(copy, "packages/contract/src/generated/schema.ts"), "utf8")).toContain("deletePet");
    expect(await readFile(join(copy, "packages/service/src/generated/validators.ts"), "utf8")).toContain("deletePet");
  });

  it("@petstore/client: generates pets.delete() from x-sdk-method and type-checks with no hand edit", async () => {
    const types = await readFile(join(copy, "packages/client/src/generated/types.ts"), "utf8");
    expect(types).toMatch(/delete\(petId: [^)]*options\?: RequestOptions\): PetstorePromise<void>/);
    const { client } = await results;
    expect(client.code, client.output).toBe(0);
  }, 150_000);

  it("@petstore/server: the route lint fails naming deletePet", async () => {
    const { server } = await results;
    expect(server.code, server.output).not.toBe(0);
    expect(server.output).toContain("deletePet");
    expect(server.output).toContain("[@petstore/server]");
  }, 150_000);

  it("@petstore/mock: the implementation lint fails naming deletePet", async () => {
    const { mock } = await results;
    expect(mock.code, mock.output).not.toBe(0);
    expect(mock.output).toContain("[@petstore/mock] no implementation for: deletePet");
  }, 150_000);

  it("@petstore/conformance: the type-check and the matrix (its lint) both fail naming deletePet", async () => {
    const { conformanceTypes, conformanceMatrix } = await results;
    expect(conformanceTypes.code, conformanceTypes.output).not.toBe(0);
    expect(conformanceTypes.output).toMatch(/src\/matrix\/auth\.ts.*deletePet/);
    expect(conformanceMatrix.code, conformanceMatrix.output).not.toBe(0);
    expect(conformanceMatrix.output).toContain("[@petstore/conformance] no cases for: deletePet");
  }, 150_000);
});
