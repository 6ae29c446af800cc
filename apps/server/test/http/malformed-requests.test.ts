import { connect } from "node:net";
import { Writable } from "node:stream";
import { operationTable } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { allowOf, pathsOf } from "../../../../test/helpers/operations.ts";
import { expectError } from "../helpers/contract";
import { rawRequest } from "../helpers/raw-http";
import { API_KEY, useServer } from "../helpers/server";

// Requests fetch cannot send (unknown or forbidden methods, broken framing), written to a raw socket.
const logLines: string[] = [];
const server = useServer({
  logger: true,
  logStream: new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  }),
});

const host = "Host: localhost\r\n";
const auth = `Authorization: Bearer ${API_KEY}\r\n`;
const FRESH_ID = /^req_[0-9a-f]{32}$/;

describe("requests Node's HTTP parser rejects", () => {
  it.each([
    ["an unknown method", `MAED /v1/pets HTTP/1.1\r\n${host}\r\n`, 400, "not a valid HTTP method"],
    ["a request line that is not HTTP", "hello there\r\n\r\n", 400, "not a valid HTTP method"],
    ["an unknown HTTP version", `GET /v1/pets HTTP/9.9\r\n${host}\r\n`, 400, "HTTP/1.1"],
    ["bare LF line endings", `GET /v1/pets HTTP/1.1\n${host.trim()}\n\n`, 400, "CRLF"],
    ["a space inside the URL", `GET /v1/p ets HTTP/1.1\r\n${host}\r\n`, 400, "not valid HTTP/1.1"],
    ["a NUL byte in the URL", `GET /v1/pe\u0000ts HTTP/1.1\r\n${host}\r\n`, 400, "percent-encode"],
    ["a header name with a space", `GET /v1/pets HTTP/1.1\r\n${host}Bad Header: y\r\n\r\n`, 400, "not valid HTTP/1.1"],
    [
      "two Content-Length headers",
      `POST /v1/pets HTTP/1.1\r\n${host}${auth}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      400,
      "Content-Length",
    ],
    [
      "Content-Length with chunked encoding",
      `POST /v1/pets HTTP/1.1\r\n${host}${auth}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`,
      400,
      "Content-Length",
    ],
    [
      "a malformed chunked body",
      `POST /v1/pets HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      400,
      "chunked",
    ],
    ["the HTTP/2 connection preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 400, "HTTP/2"],
    [
      "a header over 16 KiB",
      `GET /v1/pets HTTP/1.1\r\n${host}X-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "smaller headers",
    ],
    ["a URL over 16 KiB", `GET /v1/pets?${"a".repeat(20_000)} HTTP/1.1\r\n${host}\r\n`, 431, "shorter URL"],
  ])("answers %s with a raw Error body, a request id and connection: close", async (_label, payload, status, hint) => {
    const response = await rawRequest(server.current.url, payload);
    expect(response.status).toBe(status);
    expectError(status, response.body, status === 431 ? "headers_too_large" : "invalid_request");
    expect(response.body.message).toContain(hint);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(response.text));
    expect(response.headers["x-request-id"]).toMatch(FRESH_ID);
    expect(response.headers.connection).toBe("close");
    expect(response.closed).toBe(true);
  });

  it("logs the client error under the request id it sent back, without the request's bytes", async () => {
    const response = await rawRequest(server.current.url, `MAED /v1/pets HTTP/1.1\r\n${host}${auth}\r\n`);
    const id = response.headers["x-request-id"]!;
    await expect.poll(() => logLines.find((line) => line.includes(id))).toBeDefined();
    const line = JSON.parse(logLines.find((l) => l.includes(id))!);
    expect(line).toMatchObject({
      reqId: id,
      msg: "client error",
      statusCode: 400,
      error: { code: "HPE_INVALID_METHOD" },
    });
    expect(logLines.join("\n")).not.toContain(API_KEY);
  });

  it("answers a garbage request on a kept-alive connection after a good one", async () => {
    const { hostname, port } = new URL(server.current.url);
    const socket = connect(Number(port), hostname);
    let data = "";
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("data", (chunk) => (data += chunk));
    socket.write(`GET /healthz HTTP/1.1\r\n${host}\r\n`);
    await expect.poll(() => data).toContain('{"status":"ok"}');
    socket.write("GARBAGE\r\n\r\n");
    await closed;
    const statuses = [...data.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 400]);
    expect(data).toContain('"code":"invalid_request"');
  });
});

describe("methods Node parses but the contract does not define", () => {
  // On each path of the contract: methods no HTTP API serves, and HEAD, which this one does not.
  const methods = ["PROPFIND", "SEARCH", "TRACE", "MKCOL", "LOCK", "HEAD"];
  it.each(
    pathsOf(operationTable).flatMap((template) =>
      methods.map((method, index) => [
        method,
        `/v1${template.replace(/\{[^}]+\}/g, index % 2 === 0 ? "1" : "abc")}`,
        allowOf(operationTable, template),
      ]),
    ),
  )("answers %s %s with 405, Allow: %s and an Error body", async (method, path, allow) => {
    const response = await rawRequest(server.current.url, `${method} ${path} HTTP/1.1\r\n${host}${auth}\r\n`);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers["x-request-id"]).toMatch(FRESH_ID);
    if (method !== "HEAD") expectError(405, response.body, "method_not_allowed");
  });

  it.each(["PROPFIND /nope", "TRACE /v1/pets/1/owner", "OPTIONS *"])(
    "answers %s with a 404 Error body",
    async (line) => {
      const response = await rawRequest(server.current.url, `${line} HTTP/1.1\r\n${host}\r\n`);
      expect(response.status).toBe(404);
      expectError(404, response.body, "not_found");
      expect(response.headers["x-request-id"]).toMatch(FRESH_ID);
    },
  );

  it("answers CONNECT with a 404 Error body instead of dropping the connection", async () => {
    const response = await rawRequest(
      server.current.url,
      "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nX-Request-Id: tunnel-1\r\n\r\n",
    );
    expect(response.status).toBe(404);
    expectError(404, response.body, "not_found");
    expect(response.body.message).toContain("not a proxy");
    expect(response.headers["x-request-id"]).toBe("tunnel-1");
    expect(response.closed).toBe(true);
  });
});

describe("other requests Node would answer itself", () => {
  it("answers an HTTP/1.1 request without Host with a 400 Error body", async () => {
    const response = await rawRequest(server.current.url, `GET /v1/pets HTTP/1.1\r\n${auth}\r\n`);
    expect(response.status).toBe(400);
    expectError(400, response.body, "invalid_request");
    expect(response.body.message).toContain("Host");
    expect(response.headers["x-request-id"]).toMatch(FRESH_ID);
  });

  it("serves HTTP/1.0 without Host, which that version allows", async () => {
    const response = await rawRequest(server.current.url, `GET /v1/pets HTTP/1.0\r\n${auth}\r\n`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("ignores an unknown Expect value instead of an empty 417", async () => {
    const body = JSON.stringify({ name: "Expecto", categoryId: 1 });
    const response = await rawRequest(
      server.current.url,
      `POST /v1/pets HTTP/1.1\r\n${host}${auth}Expect: something-else\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Expecto", categoryId: 1 });
  });

  describe("Expect: 100-continue", () => {
    /** Sends the head, then the body only if the server answers `100 Continue`; resolves with everything it answered. */
    const upload = (authorization: string, body: string) =>
      new Promise<string>((resolve, reject) => {
        const { hostname, port } = new URL(server.current.url);
        const socket = connect(Number(port), hostname);
        let received = "";
        socket.on("data", (chunk: Buffer) => {
          received += chunk.toString();
          if (
            received.startsWith("HTTP/1.1 100 Continue\r\n\r\n") &&
            received.length === "HTTP/1.1 100 Continue\r\n\r\n".length
          )
            socket.write(body);
          if (/\r\n\r\n\{.*\}$/s.test(received)) socket.end();
        });
        socket.on("end", () => resolve(received));
        socket.on("error", reject);
        socket.write(
          `POST /v1/pets HTTP/1.1\r\n${host}Authorization: ${authorization}\r\nExpect: 100-continue\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
      });
    const body = JSON.stringify({ name: "Continued", categoryId: 1 });

    it("a good key is invited to send its body", async () => {
      const received = await upload(`Bearer ${API_KEY}`, body);
      expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    });

    it("a bad key gets its 401 without ever being asked for the body", async () => {
      const received = await upload("Bearer wrong-key", body);
      expect(received).toMatch(/^HTTP\/1\.1 401 /);
      expect(received).not.toContain("100 Continue");
    });
  });

  it("answers a path segment over 100 characters with a short 400 Error body", async () => {
    const response = await rawRequest(
      server.current.url,
      `GET /v1/pets/${"1".repeat(150)} HTTP/1.1\r\n${host}${auth}\r\n`,
    );
    expect(response.status).toBe(400);
    expectError(400, response.body, "invalid_request");
    expect(response.body.message).not.toContain("1".repeat(50));
  });
});
