import { describe, expect, it } from "vitest";
import { rawRequest } from "../helpers/raw-http";
import { API_KEY, call, useServer } from "../helpers/server";

const server = useServer({ requestTimeout: 300 });

describe("requestTimeout", () => {
  it("a client that stalls mid-body gets a 408 Error body and its connection is closed", async () => {
    const head = `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const response = await rawRequest(server.current.url, `${head}{"name"`, 5_000);
    expect(response.status).toBe(408);
    expect(response.body).toMatchObject({ code: "request_timeout", status: 408 });
    expect(response.closed).toBe(true);
  });

  it("a prompt request is not affected", async () => {
    expect((await call(server.current, "/v1/pets")).status).toBe(200);
  });
});
