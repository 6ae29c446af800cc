import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "@petstore/mock/http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addPetCommand } from "../src/empty-store";
import { npmStart, type StartedApp } from "./helpers/start";

const API_KEY = "example-node-empty-key";
let api: RunningPetstoreMockServer;
let app: StartedApp | undefined;

beforeAll(async () => {
  api = await startPetstoreMockServer({ apiKeys: [API_KEY] });
});

afterAll(async () => {
  await app?.stop();
  await api?.close();
});

test("on an empty API, `npm start` prints a command that adds a pet, and the command works", async () => {
  app = npmStart({ PORT: "0", PETSTORE_API_KEY: API_KEY, PETSTORE_BASE_URL: api.baseUrl });
  const [, url] = await app.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/available-pets)/);
  const [, command] = await app.waitFor(/no available pets yet; add one with:\n {2}(curl .+)\n/);
  expect(await (await fetch(url ?? "")).json()).toEqual({ count: 0, pets: [] });

  // Pasted into a shell where PETSTORE_API_KEY is set, as it is for `npm start`.
  await promisify(execFile)("sh", ["-c", command ?? ""], { env: { ...process.env, PETSTORE_API_KEY: API_KEY } });
  expect(await (await fetch(url ?? "")).json()).toEqual({ count: 1, pets: [{ id: 1, name: "Rex" }] });
});

test("the README shows the hint exactly as the example prints it for the server `pnpm start` runs", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  expect(readme).toContain(
    "```text\n[@petstore/example-node] the Petstore API has no available pets yet; add one with:\n" +
      `  ${addPetCommand("http://127.0.0.1:4000/v1")}\n` +
      "```\n",
  );
});
