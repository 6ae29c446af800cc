import { afterEach, describe, expect, it } from "vitest";
import { createPetstoreClient } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";
import { errorBody, json, startServer, type TestServer } from "./helpers/server";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("retries are visible to the server, over real HTTP", () => {
  it("each retry carries x-petstore-retry-count: <n> over a caller's own; a first attempt adds none", async () => {
    server = await startServer((_req, res, index) =>
      index % 3 < 2 ? json(res, 503, errorBody(503, "unavailable")) : json(res, 200, []),
    );
    const options = { apiKey: "sk_test", baseUrl: server.baseUrl, sleep: async () => {}, logLevel: "off" as const };
    await createPetstoreClient(options).pets.list({}, { headers: { "x-petstore-retry-count": "7" } });
    const raw = await createPetstoreRawClient(options).GET("/pets", { params: { query: {} } });
    expect(raw.data).toEqual([]);
    expect(server.received.map((request) => request.headers["x-petstore-retry-count"])).toEqual([
      "7",
      "1",
      "2",
      undefined,
      "1",
      "2",
    ]);
  });
});
