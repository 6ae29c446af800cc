import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "../src/http/index";

let mock: RunningPetstoreMockServer;
beforeAll(async () => {
  mock = await startPetstoreMockServer({ apiKeys: ["k1"] });
});
afterAll(() => mock.close());

/** Writes `head` (and no body) to a new connection; resolves with what came back within `ms`. */
function sendHead(head: string, ms = 1000): Promise<string> {
  const { hostname, port } = new URL(mock.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = "";
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.write(`${head.split("\n").join("\r\n")}\r\n\r\n`);
  });
}

describe("startPetstoreMockServer reads a body only when something needs it", () => {
  // A `Prefer` takes the request through the overrides' fetch `Request` first; one they do not answer is the core's,
  // which answers a bad key or an unknown path before the body, and never invites it (`100 Continue`).
  it.each([
    ["an unknown path", "POST /v1/animals HTTP/1.1\nAuthorization: Bearer k1", 404],
    ["a bad key", "POST /v1/pets HTTP/1.1\nAuthorization: Bearer wrong", 401],
  ])("answers %s at once, without 100 Continue, when a Prefer names no scenario", async (_name, line, status) => {
    const head = `${line}\nHost: localhost\nPrefer: return=minimal\nExpect: 100-continue\nContent-Type: application/json\nContent-Length: 30\nConnection: close`;
    const answer = await sendHead(head);
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer).not.toContain("100 Continue");
  });

  // A `Prefer: code=…` scenario asks the core first: the core refuses a missing or bad key from the head alone,
  // so neither the scenario nor its journal may read (and so invite) the body before that answer.
  it.each([
    ["a bad key", "POST /v1/pets HTTP/1.1\nAuthorization: Bearer wrong", 401],
    ["no key", "POST /v1/pets HTTP/1.1", 401],
  ])("answers %s at once, without 100 Continue, when a Prefer names a scenario", async (_name, line, status) => {
    const head = `${line}\nHost: localhost\nPrefer: code=500\nExpect: 100-continue\nContent-Type: application/json\nContent-Length: 10\nConnection: close`;
    const answer = await sendHead(head);
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer).not.toContain("100 Continue");
  });

  it("invites the body once the key is accepted, and the scenario's answer and journal entry have it", async () => {
    const { hostname, port } = new URL(mock.baseUrl);
    const body = '{"name":"Rex","categoryId":1}';
    const before = mock.handlers.requests.length;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk;
        // The body goes only once invited, as a client honouring `Expect: 100-continue` without a timeout does.
        if (data === "HTTP/1.1 100 Continue\r\n\r\n") socket.write(body);
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(data));
      const head = `POST /v1/pets HTTP/1.1\nHost: localhost\nAuthorization: Bearer k1\nPrefer: code=500\nExpect: 100-continue\nContent-Type: application/json\nContent-Length: ${body.length}\nConnection: close`;
      socket.write(`${head.split("\n").join("\r\n")}\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 500 /);
    const [entry] = mock.handlers.requests.all().slice(before);
    expect(entry).toMatchObject({ operationId: "createPet", status: 500, body: { name: "Rex", categoryId: 1 } });
  });

  it("journals a request refused for its key without the body it never asked for", async () => {
    const before = mock.handlers.requests.length;
    const head =
      "POST /v1/pets HTTP/1.1\nHost: localhost\nAuthorization: Bearer wrong\nPrefer: code=500\nExpect: 100-continue\nContent-Type: application/json\nContent-Length: 10\nConnection: close";
    expect(await sendHead(head)).toMatch(/^HTTP\/1\.1 401 /);
    const [entry] = mock.handlers.requests.all().slice(before);
    expect(entry).toMatchObject({ operationId: "createPet", status: 401, body: undefined, bodyTruncated: false });
  });
});
