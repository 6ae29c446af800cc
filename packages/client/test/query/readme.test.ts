import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { json, startServer } from "../helpers/server";
import { packageDir } from "../helpers/typescript";

const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const section = /^## TanStack Query\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
const dir = mkdtempSync(join(packageDir, "test", "query", ".readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README: TanStack Query", () => {
  it("runs as pasted against a server that stores pets (only its base URL replaced)", async () => {
    expect(snippet).toContain('from "@petstore/client/query"');
    const pets: object[] = [];
    const server = await startServer((req, res) => {
      if (req.method === "POST") {
        const pet = { ...JSON.parse(req.body), id: pets.length + 1 };
        pets.push(pet);
        json(res, 201, pet);
      } else json(res, 200, pets);
    });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const file = join(dir, "snippet.ts");
      writeFileSync(file, snippet.replace("http://127.0.0.1:4000/v1", server.baseUrl));
      await import(/* @vite-ignore */ file);
      expect(log.mock.calls).toEqual([["#1 added; 1 available"]]);
      expect(server.received.map((r) => `${r.method} ${r.url}`)).toEqual([
        "POST /v1/pets",
        "GET /v1/pets?status=available",
      ]);
    } finally {
      log.mockRestore();
      await server.close();
    }
  });
});
