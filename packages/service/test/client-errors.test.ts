import { describe, expect, it } from "vitest";
import { describeClientError, rawErrorResponse } from "../src/node/client-errors";

const context = { routeList: "GET /v1/pets", maxHeaderSize: 16384 };
const error = (code: string) => Object.assign(new Error(`Parse Error: ${code}`), { code });

describe("describeClientError", () => {
  it.each([
    ["ERR_HTTP_REQUEST_TIMEOUT", 408],
    ["HPE_HEADER_OVERFLOW", 431],
    ["HPE_INVALID_METHOD", 400],
    ["HPE_SOMETHING_NEW", 400],
  ])("maps %s to %i with a message that says what to do", (code, status) => {
    const { status: got, message } = describeClientError(error(code), context);
    expect(got).toBe(status);
    expect(message).toMatch(/\b(Send|Check)\b/);
  });

  it("never echoes control characters from an unknown error's reason", () => {
    const { message } = describeClientError(Object.assign(error("HPE_X"), { reason: "bad\r\nX-Injected: 1" }), context);
    expect(message).not.toMatch(/[\r\n]/);
  });
});

describe("rawErrorResponse", () => {
  it("counts Content-Length in bytes, not characters", () => {
    const raw = rawErrorResponse(400, "Nämlich ünïcödé", "req_1");
    const [head, body] = raw.split("\r\n\r\n") as [string, string];
    expect(head).toContain(`content-length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ code: "invalid_request", message: "Nämlich ünïcödé", status: 400 });
    expect(head).toContain("x-request-id: req_1\r\n");
    expect(head).toContain("x-content-type-options: nosniff\r\n");
    expect(head).toContain("connection: close\r\n");
  });
});
