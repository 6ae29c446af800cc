import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { parse } from "yaml";
import { createMemoryStore, startServer, type RunningServer } from "@petstore/server";
import type { Pet } from "@petstore/contract";
import { codeSamples, type CodeSample } from "../src/site/code-samples";
import { tryItOperations } from "../src/try-it/operations";
import { prepareRequest } from "../src/try-it/request";
import type { OpenApiDocument } from "../src/site/reference";
import { languageService } from "../../../test/helpers/typescript.ts";

const DOCS = fileURLToPath(new URL("..", import.meta.url));
const contract = parse(
  await readFile(createRequire(import.meta.url).resolve("@petstore/contract/openapi.yaml"), "utf8"),
) as OpenApiDocument;
const samples = codeSamples(contract);
const PRODUCTION = contract.servers![0]!.url;
const KEY = "docs-samples-key";
const sample = (id: string, label: CodeSample["label"]) => samples.get(id)!.find((s) => s.label === label)!.source;

let server: RunningServer;
let dir: string;
// The pet the examples name (id 1): the contract's example of a Pet.
const { id: _id, ...examplePet } = (contract as unknown as { components: { schemas: { Pet: { example: Pet } } } })
  .components.schemas.Pet.example;
/** A fresh server holding one pet, the contract's example, so each sample finds the pet its example names. */
async function start(): Promise<RunningServer> {
  const store = createMemoryStore();
  await store.create(examplePet);
  return startServer({ port: 0, apiKeys: [KEY], store, logger: false });
}
async function restart(): Promise<void> {
  await server.close();
  server = await start();
}

const operations = tryItOperations(contract);
/** What the API answers to the operation's example request on a fresh server: its JSON body, or nothing. */
async function answerTo(id: string): Promise<unknown> {
  const reference = await start();
  try {
    const operation = operations.find((op) => op.operationId === id)!;
    const request = prepareRequest(operation, operation.examples, reference.baseUrl);
    const response = await fetch(request.url, {
      method: request.method,
      headers: [...request.headers, ["Authorization", `Bearer ${KEY}`]],
      body: request.body,
    });
    expect(response.ok, `${id}: ${response.status}`).toBe(true);
    const text = await response.text();
    // Something to compare: a body when the operation has one, and a list holding the example's pet.
    expect(text === "", id).toBe(operation.returnsNothing);
    if (operation.returnsList) expect(JSON.parse(text), id).toContainEqual(expect.objectContaining(examplePet));
    return text === "" ? undefined : JSON.parse(text);
  } finally {
    await reference.close();
  }
}
beforeAll(async () => {
  server = await start();
  // Inside the package, so `@petstore/client` resolves as it does for a user of this workspace.
  await mkdir(join(DOCS, ".snippets"), { recursive: true });
  dir = await mkdtemp(join(DOCS, ".snippets", "samples-"));
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The sample as a user runs it against this server: the production URL swapped for the reference server's. */
const againstServer = (source: string) => source.replaceAll(PRODUCTION, server.baseUrl);

test("every operation of the contract has a curl and a TypeScript SDK sample", () => {
  const ids = Object.values(contract.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  expect([...samples.keys()]).toEqual(ids);
  for (const id of ids) expect(samples.get(id!)!.map((s) => s.label)).toEqual(["curl", "TypeScript SDK"]);
  expect(sample("createPet", "curl")).toBe(
    `curl -X POST '${PRODUCTION}/pets' \\\n  -H "Authorization: Bearer $PETSTORE_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"name":"Rex","categoryId":1,"status":"available"}'\n`,
  );
});

test("an operation missing from the generated operation table fails the build with what to do", () => {
  const extra = structuredClone(contract);
  extra.paths["/orders"] = { get: { operationId: "listOrders" } };
  expect(() => codeSamples(extra)).toThrow(
    "[@petstore/docs] operation listOrders (GET /orders) is not in @petstore/contract's operation table; run pnpm generate.",
  );
});

test("every TypeScript sample type-checks as shown, against @petstore/client, and as its comment advises", () => {
  const files = Object.fromEntries([...samples].map(([id]) => [`sample-${id}.ts`, sample(id, "TypeScript SDK")]));
  // The comment's way to staging, followed: { environment: "staging" } in place of the baseUrl.
  const shown = sample("listPets", "TypeScript SDK");
  expect(shown).toContain('For staging, pass { environment: "staging" } instead of baseUrl.');
  files["sample-staging.ts"] = shown.replace(`{ baseUrl: "${PRODUCTION}" }`, '{ environment: "staging" }');
  expect(files["sample-staging.ts"]).not.toBe(shown);
  const ts = languageService(DOCS, files);
  for (const name of Object.keys(files)) expect(ts.errors(name), name).toEqual([]);
  // getPet is deprecated, and the editor says so where the sample calls it.
  expect(ts.suggestions("sample-getPet.ts").map((d) => d.text)).toContainEqual(expect.stringMatching(/is deprecated/));
});

function shell(source: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "bash",
      ["-c", source],
      { env: { ...process.env, PETSTORE_API_KEY: KEY }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

// Every operation of the contract, each on a fresh server holding the pet its example names; a sample prints what
// the API answers to the same request ("done" from the SDK, nothing from curl, for a bodiless answer).
const ids = [...samples.keys()];

describe.sequential("every curl sample runs against the reference server", async () => {
  const curl = await shell("command -v curl");
  test.skipIf(curl.code !== 0).each(ids)("%s", async (id) => {
    await restart();
    const run = await shell(`${againstServer(sample(id, "curl")).trimEnd()} --silent --show-error --fail-with-body`);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const expected = await answerTo(id);
    expect(run.stdout === "" ? undefined : JSON.parse(run.stdout)).toEqual(expected);
  });
  if (curl.code !== 0) console.warn("[@petstore/docs] skipping the curl samples: curl is not installed");
});

describe.sequential("every TypeScript sample runs against the reference server", () => {
  test.each(ids)("%s", async (id) => {
    await restart();
    const file = join(dir, `${id}.ts`);
    await writeFile(file, againstServer(sample(id, "TypeScript SDK")));
    vi.stubEnv("PETSTORE_API_KEY", KEY);
    const logged: unknown[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((value: unknown) => void logged.push(value));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await import(pathToFileURL(file).href);
    } finally {
      log.mockRestore();
      warn.mockRestore();
      vi.unstubAllEnvs();
    }
    const expected = await answerTo(id);
    expect(logged).toEqual([expected === undefined ? "done" : expected]);
  });
});
