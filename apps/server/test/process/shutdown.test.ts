import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("graceful shutdown", () => {
  it("finishes a request that is in flight at SIGTERM with a 201, then exits 0", async () => {
    const server = await spawnServer({
      PETSTORE_API_KEYS: "k",
      PETSTORE_DATA_DIR: join(dir, "data"),
      LOG_LEVEL: "debug",
    });
    const body = JSON.stringify({ name: "Slowpoke", categoryId: 1 });
    const half = Math.floor(body.length / 2);
    const { hostname, port } = new URL(server.baseUrl);
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          path: "/v1/pets",
          method: "POST",
          headers: {
            authorization: "Bearer k",
            "content-type": "application/json",
            "content-length": body.length,
            "x-request-id": "slow-upload-1",
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, half));
      // The server has the request once it logs it (at debug level); only then is it "in flight" at SIGTERM.
      void server.waitFor(/"reqId":"slow-upload-1"[^\n]*"msg":"incoming request"/).then(async () => {
        server.child.kill("SIGTERM");
        await server.waitFor(/SIGTERM: finishing in-flight requests/);
        req.end(body.slice(half));
      });
    });
    const result = await response;
    expect(result.status).toBe(201);
    expect(JSON.parse(result.text)).toMatchObject({ name: "Slowpoke", categoryId: 1 });
    expect(await server.exited).toBe(0);
  });
});
