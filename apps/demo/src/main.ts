// `pnpm demo`: starts the reference server on its embedded store and drives it with @petstore/client.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPetstoreClient, NotFoundError, PetstoreError } from "@petstore/client";
import { createSqliteStore, generateApiKey, startServer } from "@petstore/server";
import { startFaultProxy, type ProxyHop } from "./fault-proxy";
import { code, say, show, step, style } from "./transcript";

const dir = mkdtempSync(join(tmpdir(), "petstore-demo-"));
const dataFile = join(dir, "petstore.db");
const apiKey = generateApiKey();
const server = await startServer({ apiKeys: [apiKey], store: await createSqliteStore(dataFile) });

const hops: ProxyHop[] = [];
let deprecationShown = false; // the headers are the same on every getPet answer: print them once
const proxy = await startFaultProxy(server.baseUrl, (hop) => {
  hops.push(hop);
  const note = !hop.injected
    ? ""
    : hop.upstreamStatus
      ? style.yellow(`  ← the server answered ${hop.upstreamStatus}; the demo's fault proxy dropped it and sent 503`)
      : style.yellow("  ← injected by the demo's fault proxy");
  const status = hop.status < 400 ? style.green(String(hop.status)) : style.red(String(hop.status));
  say(style.dim(`   http  ${hop.method} ${hop.path}  ${status}`) + note);
  if (hop.deprecation && !deprecationShown) {
    deprecationShown = true;
    for (const header of hop.deprecation) say(style.dim(`         ${header}`));
  }
});

try {
  process.stdout.write(`${style.bold("Petstore demo")}: the reference server, driven by the @petstore/client SDK.\n`);
  say(`server     ${server.baseUrl}  (embedded SQLite store: ${dataFile})`);
  say(`api key    ${apiKey.slice(0, 10)}…  (random for this run)`);
  say(style.dim("Each SDK call below is followed by the HTTP requests it made."));

  const petstore = createPetstoreClient({
    apiKey,
    baseUrl: proxy.baseUrl,
    maxRetries: 2,
    onDeprecation: (info) => say(style.yellow(`⚠ ${info.message}`) + style.dim(` (noticed from the ${info.source})`)),
  });

  step(1, "Add some pets");
  const seed = [
    { name: "Rex", categoryId: 1, status: "available" },
    { name: "Tom", categoryId: 2, status: "pending" },
    { name: "Bella", categoryId: 1, status: "available" },
    { name: "Max", categoryId: 3 },
  ] as const;
  const created = [];
  for (const pet of seed) {
    code(`await petstore.pets.create(${JSON.stringify(pet)})`);
    const result = await petstore.pets.create(pet);
    show(result);
    created.push(result);
  }
  say(style.dim("Max has no status: the service assigns none by default."));

  step(2, "List pets, filtered by status");
  code(`await petstore.pets.list({ status: "available", limit: 10 })`);
  show(await petstore.pets.list({ status: "available", limit: 10 }));

  step(3, "Fetch one pet with the deprecated getPet operation");
  code(`await petstore.pets.get(${created[0]!.id})`);
  show(await petstore.pets.get(created[0]!.id));
  say(style.dim("The SDK warned before sending (it knows from the contract); the server's answer carries the"));
  say(
    style.dim("deprecation too, so an SDK built before the deprecation would warn as well. Each warning appears once."),
  );

  step(4, "A lost answer, retried safely");
  say("The demo's proxy lets the server create the pet, then drops the 201 and answers 503 instead.");
  say(
    "The SDK retries with the same Idempotency-Key, so the server replays the first 201 rather than adding a second pet.",
  );
  proxy.failNext("POST", "/v1/pets", 1, "after");
  code(`await petstore.pets.create({ name: "Luna", categoryId: 4, status: "sold" })`);
  const before = hops.length;
  const luna = await petstore.pets.create({ name: "Luna", categoryId: 4, status: "sold" });
  show(luna);
  const attempts = hops.slice(before).filter((hop) => hop.method === "POST").length;
  code(`await petstore.pets.list({ status: "sold" })`);
  const sold = await petstore.pets.list({ status: "sold" });
  show(sold);
  const lunas = sold.filter((pet) => pet.name === "Luna").length;
  say(
    `${attempts} attempts for one call, and Luna exists ${lunas === 1 ? "exactly once" : style.red(`${lunas} times!`)}.`,
  );
  if (lunas !== 1 || attempts !== 2) process.exitCode = 1;

  step(5, "Errors are typed and say what to fix");
  for (const [label, run] of [
    [`await petstore.pets.get(424242)`, () => petstore.pets.get(424242)],
    // The SDK lets a status it does not know through (a newer server may know it): the server says what to fix.
    [
      `await petstore.pets.create({ name: "Rex", categoryId: 1, status: "lost" })`,
      () => petstore.pets.create({ name: "Rex", categoryId: 1, status: "lost" as "sold" }),
    ],
  ] as const) {
    code(label);
    try {
      await run();
      say(style.red("unexpectedly succeeded"));
      process.exitCode = 1;
    } catch (error) {
      if (!(error instanceof PetstoreError)) throw error;
      say(
        `${style.red(error.name)}${error instanceof NotFoundError ? " (instanceof NotFoundError)" : ""}: status ${error.status}, code ${error.code}`,
      );
      say(style.dim(error.message));
    }
  }

  step(6, "Done");
  say(`Stopping the server. Your pets were stored durably in ${dataFile} (removed now, it was a temp folder).`);
  say(`Run the server yourself with ${style.cyan("pnpm start")}; see apps/server/README.md.`);
} finally {
  await proxy.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
