import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { newRequestId, requestIdFor } from "../../src/internal/request-id";

describe("newRequestId", () => {
  it("gives req_ and 32 hex digits, never twice, across several refills of its randomness", () => {
    const ids = Array.from({ length: 2000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("requestIdFor", () => {
  const request = (id?: string) => ({ headers: id === undefined ? {} : { "x-request-id": id } }) as IncomingMessage;

  it("keeps a short, plain incoming id and replaces anything else", () => {
    expect(requestIdFor(request("trace-1.a:B_2"))).toBe("trace-1.a:B_2");
    for (const bad of [undefined, "", "has space", "x".repeat(129), "new\nline"])
      expect(requestIdFor(request(bad))).toMatch(/^req_[0-9a-f]{32}$/);
  });
});
