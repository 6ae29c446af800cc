import { readFileSync } from "node:fs";
import { operationTable } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { allowOf, methodsOf } from "../../../../test/helpers/operations.ts";
import { call, useServer } from "../helpers/server";

const server = useServer();

describe("X-Request-Id", () => {
  it("is on every response: success, 400, 401, 404, 405, 413, 415, healthz, preflight", async () => {
    const responses = await Promise.all([
      call(server.current, "/v1/pets"),
      call(server.current, "/v1/pets?limit=0"),
      call(server.current, "/v1/pets", { headers: { authorization: "" } }),
      call(server.current, "/nope"),
      call(server.current, "/v1/pets", { method: "DELETE" }),
      call(server.current, "/v1/pets", { method: "POST", body: "x".repeat(1024 * 1024 + 1) }),
      call(server.current, "/v1/pets", { method: "POST", body: "x", headers: { "content-type": "text/plain" } }),
      call(server.current, "/healthz"),
      call(server.current, "/v1/pets", {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      }),
    ]);
    const ids = responses.map((response) => response.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echoes a sane incoming X-Request-Id and replaces an unsafe or overlong one", async () => {
    const sane = await call(server.current, "/v1/pets", { headers: { "x-request-id": "trace-123.abc:XYZ_9" } });
    expect(sane.headers.get("x-request-id")).toBe("trace-123.abc:XYZ_9");
    for (const bad of ["has space", "x".repeat(129), "semi;colon", 'quote"d']) {
      const response = await call(server.current, "/v1/pets", { headers: { "x-request-id": bad } });
      expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    }
  });
});

describe("CORS", () => {
  const origin = "https://app.example";

  it("answers a preflight from any origin without a key", async () => {
    const response = await call(server.current, "/v1/pets", {
      method: "OPTIONS",
      headers: {
        authorization: "",
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers":
          "authorization, content-type, idempotency-key, x-petstore-client, x-petstore-retry-count",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe(methodsOf(operationTable, "/pets").join(", "));
    const allowed = response.headers.get("access-control-allow-headers")!.toLowerCase();
    for (const header of [
      "authorization",
      "content-type",
      "idempotency-key",
      "x-petstore-client",
      "x-petstore-retry-count",
    ])
      expect(allowed).toContain(header);
  });

  it("exposes the headers the SDK reads on actual responses, including errors", async () => {
    for (const path of ["/v1/pets/1", "/v1/pets/0"]) {
      const response = await call(server.current, path, { headers: { origin } });
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const exposed = response.headers.get("access-control-expose-headers")!.toLowerCase();
      for (const header of ["x-request-id", "sunset", "deprecation", "link", "retry-after"])
        expect(exposed).toContain(header);
    }
  });

  it("allows and exposes exactly the headers the README's CORS line names", async () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const line = /^- CORS: [\s\S]*?(?=\n- )/m.exec(readme)![0];
    const [allowedText = "", exposedText = ""] = line.split(" are allowed; ");
    const names = (text: string) => [...text.matchAll(/`([\w-]+)`/g)].map((match) => match[1]!.toLowerCase()).sort();
    const listed = (value: string | null) => value!.toLowerCase().split(", ").sort();
    const preflight = await call(server.current, "/v1/pets", {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST" },
    });
    expect(names(allowedText)).toEqual(listed(preflight.headers.get("access-control-allow-headers")));
    const response = await call(server.current, "/v1/pets/1", { headers: { origin } });
    expect(names(exposedText)).toEqual(listed(response.headers.get("access-control-expose-headers")));
  });

  it("answers OPTIONS without a preflight with 204 and Allow", async () => {
    const response = await call(server.current, "/v1/pets/1", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe(allowOf(operationTable, "/pets/{petId}"));
  });
});

describe("CORS restricted to listed origins", () => {
  const restricted = useServer({ corsOrigins: ["https://allowed.example"] });

  it("echoes a listed origin and sends nothing for others", async () => {
    const allowed = await call(restricted.current, "/v1/pets", { headers: { origin: "https://allowed.example" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://allowed.example");
    expect(allowed.headers.get("vary")).toContain("Origin");
    const other = await call(restricted.current, "/v1/pets", { headers: { origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
