import { createServer, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClientErrorHandler, describeClientError, rawErrorResponse } from "../../src/internal/client-errors";
import { expectError } from "../helpers/contract";

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
    expectError(400, JSON.parse(body), "invalid_request");
  });
});

// The handler is driven with a real socket pair: the server side plays the socket Node's parser gave up on.
describe("createClientErrorHandler", () => {
  const open: { close(): void }[] = [];
  afterEach(() => {
    for (const pair of open.splice(0)) pair.close();
  });

  async function socketPair(): Promise<{ serverSide: Socket; received: Promise<string> }> {
    let serverSide!: Socket;
    const accepted = new Promise<void>((resolve) => {
      const listener = createServer((socket) => {
        serverSide = socket;
        resolve();
      });
      open.push(listener);
      listener.listen(0, "127.0.0.1", () => {
        const client = connect((listener.address() as { port: number }).port, "127.0.0.1");
        let data = "";
        client.on("data", (chunk) => (data += chunk));
        received = new Promise((done) => client.on("close", () => done(data)));
      });
    });
    let received!: Promise<string>;
    await accepted;
    return { serverSide, received };
  }

  it("answers a request timeout with a 408 Error body and closes the connection", async () => {
    const { serverSide, received } = await socketPair();
    const logged: object[] = [];
    createClientErrorHandler(context)(error("ERR_HTTP_REQUEST_TIMEOUT"), serverSide, {
      info: (fields) => logged.push(fields),
    });
    const text = await received;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expectError(408, JSON.parse(text.split("\r\n\r\n")[1]!), "request_timeout");
    expect(logged).toEqual([expect.objectContaining({ statusCode: 408, reqId: expect.stringMatching(/^req_/) })]);
  });

  it("writes nothing for a connection the client reset", async () => {
    const { serverSide, received } = await socketPair();
    const logged: object[] = [];
    createClientErrorHandler(context)(error("ECONNRESET"), serverSide, { info: (fields) => logged.push(fields) });
    serverSide.destroy();
    expect(await received).toBe("");
    expect(logged).toEqual([]);
  });
});
