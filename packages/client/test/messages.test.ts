import { afterEach, describe, expect, it } from "vitest";
import { createPetstoreClient, type PetstoreError } from "../src/index";
import { json, startServer, type TestServer } from "./helpers/server";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("error messages read as sentences whatever the server sends", () => {
  it.each([
    ["slow down", "slow down."],
    ["slow down.", "slow down."],
    ["Slow down!", "Slow down!"],
    ["  slow down  ", "slow down."],
    ["", "(no message)."],
  ])("a 429 whose message is %j, waiting 120 s", async (sent, sentence) => {
    server = await startServer((_req, res) =>
      json(
        res,
        429,
        { code: "rate_limited", message: sent, status: 429 },
        { "retry-after": "120", "x-request-id": "r1" },
      ),
    );
    const petstore = createPetstoreClient({ apiKey: "sk_test", baseUrl: server.baseUrl, logLevel: "off" });
    const error = (await petstore.pets.list().catch((e: unknown) => e)) as PetstoreError;
    expect(error.message).toBe(
      `[@petstore/client] 429 rate_limited: ${sentence} (request id r1) Retry after 120 s (error.retryAfterMs).`,
    );
  });
});
