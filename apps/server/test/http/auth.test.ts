import { describe, expect, it } from "vitest";
import { expectError } from "../helpers/contract";
import { API_KEY, call, OTHER_KEY, useServer } from "../helpers/server";

const server = useServer();

describe("authentication", () => {
  const rejected: [string, string | undefined][] = [
    ["no Authorization header", ""],
    ["an empty bearer token", "Bearer "],
    ["the Basic scheme", `Basic ${Buffer.from(`user:${API_KEY}`).toString("base64")}`],
    ["the key without a scheme", API_KEY],
    ["an unknown key", "Bearer sk_test_unknown"],
    ["a prefix of a valid key", `Bearer ${API_KEY.slice(0, -1)}`],
    ["a valid key plus a suffix", `Bearer ${API_KEY}x`],
    ["two tokens", `Bearer ${API_KEY} ${API_KEY}`],
  ];

  it.each(rejected)("answers 401 with an Error body for %s", async (_label, authorization) => {
    for (const [method, path] of [
      ["GET", "/v1/pets"],
      ["POST", "/v1/pets"],
      ["GET", "/v1/pets/1"],
    ] as const) {
      const response = await call(server.current, path, {
        method,
        headers: { authorization: authorization ?? "" },
        ...(method === "POST" ? { body: JSON.stringify({ name: "Rex", categoryId: 1 }) } : {}),
      });
      expect(response.status).toBe(401);
      expectError(401, response.body, "unauthorized");
      expect(response.body.message).toContain("Authorization: Bearer <API_KEY>");
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(response.text).not.toContain(API_KEY);
    }
  });

  it("accepts every configured key and the scheme in any case", async () => {
    for (const authorization of [
      `Bearer ${API_KEY}`,
      `Bearer ${OTHER_KEY}`,
      `bearer ${API_KEY}`,
      `BEARER   ${API_KEY}`,
    ]) {
      expect((await call(server.current, "/v1/pets", { headers: { authorization } })).status).toBe(200);
    }
  });

  it("checks the key before anything else: a bad key with a bad body, bad params or a huge body is a 401", async () => {
    const noKey = { authorization: "" };
    const cases = [
      call(server.current, "/v1/pets", { method: "POST", body: "{not json", headers: noKey }),
      call(server.current, "/v1/pets", { method: "POST", body: "x".repeat(2 * 1024 * 1024), headers: noKey }),
      call(server.current, "/v1/pets", {
        method: "POST",
        body: "name=Rex",
        headers: { ...noKey, "content-type": "text/plain" },
      }),
      call(server.current, "/v1/pets?limit=1000&status=eaten", { headers: noKey }),
      call(server.current, "/v1/pets/-5", { headers: noKey }),
    ];
    for (const response of await Promise.all(cases)) expectError(401, response.body, "unauthorized");
  });

  it("serves GET /healthz without a key", async () => {
    const response = await call(server.current, "/healthz", { headers: { authorization: "" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });
});
