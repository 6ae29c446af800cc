import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { parse } from "yaml";
import { createMemoryStore, startServer, type RunningServer } from "@petstore/server";
import { codeSamples, type CodeSample } from "../src/site/code-samples";
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
const start = () => startServer({ port: 0, apiKeys: [KEY], store: createMemoryStore(), logger: false });
/** A fresh, empty server, so each run of the samples creates pet 1 again. */
async function restart(): Promise<void> {
  await server.close();
  server = await start();
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

// Create first, so the pet that listPets and getPet's examples name (id 1) exists.
const order = ["createPet", "listPets", "getPet"];
const expected: Record<string, unknown> = {
  createPet: { id: 1, name: "Rex", categoryId: 1, status: "available" },
  listPets: [{ id: 1, name: "Rex", categoryId: 1, status: "available" }],
  getPet: { id: 1, name: "Rex", categoryId: 1, status: "available" },
};

describe.sequential("every curl sample runs against the reference server", async () => {
  const curl = await shell("command -v curl");
  test.skipIf(curl.code !== 0).each(order)("%s", async (id) => {
    if (id === "createPet") await restart();
    const run = await shell(`${againstServer(sample(id, "curl")).trimEnd()} --silent --show-error --fail-with-body`);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected[id]);
  });
  if (curl.code !== 0) console.warn("[@petstore/docs] skipping the curl samples: curl is not installed");
});

describe.sequential("every TypeScript sample runs against the reference server", () => {
  test.each(order)("%s", async (id) => {
    if (id === "createPet") await restart();
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
    expect(logged).toEqual([expected[id]]);
  });
});
