import { connect } from "node:net";
import { errorCodeByStatus, requestLimits } from "@petstore/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "../src/index";
import { startMockHttpTarget } from "../src/targets/mock-http";
import { startMswTarget } from "../src/targets/msw";
import { startReferenceServer } from "./helpers/reference-server";

// Edges of the service's parsing that a review found, on the reference server and on `@petstore/mock/http` over real
// HTTP (the same core behind the same Node adapter), and on the mock's MSW handlers (the core behind `fetch`): each
// answer is checked against the contract here, and the mock's against the server's.

const targets: Record<string, Target> = {};
beforeAll(async () => {
  targets.server = await startReferenceServer();
  targets["mock-http"] = await startMockHttpTarget();
  targets.msw = await startMswTarget();
  // Pet 1, the same on every target (each starts with an empty store).
  for (const target of Object.values(targets))
    await send(target, "/pets", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "One", categoryId: 1 }),
    });
});
afterAll(async () => {
  await targets.msw?.close();
  await targets["mock-http"]?.close();
  await targets.server?.close();
});

const encoder = new TextEncoder();

/** An answer without what differs between two requests (the request id). */
async function answerOf(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

/** Sends the same request to `name` and to the server: the answer of `name`, once it is the server's. */
async function sameAsServer(
  name: string,
  path: string,
  init: () => RequestInit = () => ({}),
): Promise<{ status: number; body: unknown }> {
  const answer = await answerOf(await send(targets[name]!, path, init()));
  if (name !== "server") expect(answer).toEqual(await answerOf(await send(targets.server!, path, init())));
  return answer;
}

function send(target: Target, path: string, init: RequestInit = {}): Promise<Response> {
  return target.fetch(`${target.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${target.apiKey}`, ...(init.headers as Record<string, string>) },
  });
}

/** A createPet body whose name holds `bytes`. */
function bodyWith(bytes: number[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...encoder.encode('{"name":"Rex'), ...bytes, ...encoder.encode('","categoryId":1}')]);
}

interface Pushed {
  /** The status line and headers (lower-case names) and the body of the first answer that is not a 1xx. */
  status: number;
  interim: number[];
  headers: Record<string, string>;
  body: unknown;
  /** Milliseconds from the request's head to the server's closing the connection. */
  closedAfterMs: number;
  /** Body bytes the client had written when the connection closed. */
  pushed: number;
}

/**
 * Sends a POST /pets head declaring `contentLength` body bytes, then pushes body bytes (a 16 KiB chunk every 10 ms)
 * until the server closes the connection; gives up after `giveUpMs`.
 */
function pushBody(target: Target, head: Record<string, string>, contentLength: string, giveUpMs = 5_000) {
  const { hostname, port, pathname } = new URL(target.baseUrl);
  return new Promise<Pushed>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = performance.now();
    let received = Buffer.alloc(0);
    let pushed = 0;
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    const pusher = setInterval(() => {
      if (socket.writable) socket.write(chunk, () => undefined), (pushed += chunk.length);
    }, 10);
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after ${giveUpMs} ms: ${received.toString("latin1")}`));
    }, giveUpMs);
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
    });
    socket.on("error", () => undefined); // a reset once the answer is in counts as closed
    socket.on("close", () => {
      clearInterval(pusher);
      clearTimeout(giveUp);
      const text = received.toString("utf8");
      const interim: number[] = [];
      let rest = text;
      for (;;) {
        const end = rest.indexOf("\r\n\r\n");
        if (end < 0) return reject(new Error(`no answer before the connection closed: ${JSON.stringify(text)}`));
        const [statusLine = "", ...lines] = rest.slice(0, end).split("\r\n");
        const status = Number(statusLine.split(" ")[1]);
        rest = rest.slice(end + 4);
        if (status < 200) {
          interim.push(status);
          continue;
        }
        const headers = Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(":")).toLowerCase(),
            line.slice(line.indexOf(":") + 1).trim(),
          ]),
        );
        resolve({
          status,
          interim,
          headers,
          body: JSON.parse(rest.slice(0, Number(headers["content-length"]))),
          closedAfterMs: performance.now() - started,
          pushed,
        });
        return;
      }
    });
    const lines = Object.entries({ host: `${hostname}:${port}`, ...head, "content-length": contentLength });
    socket.write(`POST ${pathname}/pets HTTP/1.1\r\n${lines.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n{"name":`);
  });
}

const withoutRequestId = ({ headers: { "x-request-id": _id, date: _date, ...headers }, ...rest }: Pushed) => ({
  status: rest.status,
  interim: rest.interim,
  headers,
  body: rest.body,
});

describe.each(["server", "mock-http"])("%s, a raw space in the request target", (name) => {
  it.each(["/pets/ 1", "/pets?limit= 1"])("%j is refused by the HTTP parser with a 400 Error body", async (path) => {
    const target = targets[name]!;
    const { hostname, port, pathname } = new URL(target.baseUrl);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname);
      let text = "";
      socket.on("data", (data) => {
        text += data.toString("utf8");
      });
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(text));
      socket.write(
        `GET ${pathname}${path} HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer ${target.apiKey}\r\n\r\n`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({
      code: errorCodeByStatus[400],
      status: 400,
    });
  });
});

describe.each(["server", "mock-http"])("%s, a Content-Length over the body limit", (name) => {
  const json = { "content-type": "application/json" };
  const over = String(requestLimits.bodyBytes + 1);

  it.each([
    ["just over the limit", over],
    ["of 99999999999 bytes", "99999999999"],
    ["of 2^64 - 1 bytes, the largest HTTP parser takes", "18446744073709551615"],
  ])("%s is a 413 as soon as the head is read, and the connection is closed after it", async (_what, length) => {
    const target = targets[name]!;
    const auth = { authorization: `Bearer ${target.apiKey}` };
    const answer = await pushBody(target, { ...auth, ...json }, length);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: errorCodeByStatus[413], status: 413 });
    expect((answer.body as { message: string }).message).toContain(String(requestLimits.bodyBytes));
    expect(answer.headers.connection).toBe("close");
    // Far below Node's 30 s request timeout, and the client could not push the declared body.
    expect(answer.closedAfterMs).toBeLessThan(4_000);
    expect(answer.pushed).toBeLessThan(requestLimits.bodyBytes);
    if (name !== "server") {
      const expected = await pushBody(
        targets.server!,
        { authorization: `Bearer ${targets.server!.apiKey}`, ...json },
        length,
      );
      expect(withoutRequestId(answer)).toEqual(withoutRequestId(expected));
    }
  });

  it("with Expect: 100-continue, is a 413 without inviting the body", async () => {
    const target = targets[name]!;
    const auth = { authorization: `Bearer ${target.apiKey}` };
    const answer = await pushBody(target, { ...auth, ...json, expect: "100-continue" }, over);
    expect(answer).toMatchObject({ status: 413, interim: [], headers: { connection: "close" } });
  });

  it("from a bad key is a 401 (authentication first), and the connection is closed after it", async () => {
    const answer = await pushBody(targets[name]!, { authorization: "Bearer wrong", ...json }, over);
    expect(answer).toMatchObject({
      status: 401,
      headers: { connection: "close" },
      body: { code: errorCodeByStatus[401] },
    });
    expect(answer.pushed).toBeLessThan(requestLimits.bodyBytes);
  });

  it("not over it, is read: a body of exactly the limit is served", async () => {
    const target = targets[name]!;
    const body = JSON.stringify({ name: "Padded", categoryId: 1 });
    const response = await send(target, "/pets", {
      method: "POST",
      headers: json,
      body: body.padEnd(requestLimits.bodyBytes, " "),
    });
    expect(response.status).toBe(201);
  });
});

/** How a spelling of an integer was taken: as 1 (a 200, or the path's 404 for a pet that does not exist) or a 400. */
function takenAs(answer: { status: number; body: unknown }, path: boolean): string {
  if (answer.status === 400) return "refused";
  if (path && answer.status === 404) return "1";
  if (answer.status !== 200) return `status ${answer.status}`;
  if (path) return String((answer.body as { id: number }).id);
  return (answer.body as unknown[]).length <= 1 ? "1" : "more than 1";
}

describe.each(["server", "mock-http", "msw"])("%s", (name) => {
  describe("an integer parameter, one rule in the path and the query", () => {
    it.each([
      ["1", "1"],
      ["+1", "1"],
      ["01", "1"],
      ["0001", "1"],
      ["1.0", "refused"],
      ["1.", "refused"],
      ["1e0", "refused"],
      ["0x1", "refused"],
      [" 1", "refused"],
      ["1 ", "refused"],
      ["\t1", "refused"],
      ["１", "refused"],
      ["0", "refused"],
      ["-1", "refused"],
      ["", "refused"],
    ])("%j, percent-encoded, is taken as %s by petId and by limit alike", async (spelling, expected) => {
      const encoded = encodeURIComponent(spelling);
      const path = await sameAsServer(name, `/pets/${encoded}`);
      const query = await sameAsServer(name, `/pets?limit=${encoded}`);
      expect(takenAs(path, true)).toBe(expected);
      expect(takenAs(query, false)).toBe(expected);
      for (const answer of [path, query].filter(({ status }) => status === 400))
        expect(answer.body).toMatchObject({ code: errorCodeByStatus[400], status: 400 });
    });

    it("reads a bare '+' as a plus sign in the path and as a space in the query, and says so", async () => {
      expect(takenAs(await sameAsServer(name, "/pets/+1"), true)).toBe("1");
      expect(takenAs(await sameAsServer(name, "/pets?limit=%2B1"), false)).toBe("1");
      const spaced = await sameAsServer(name, "/pets?limit=+1");
      expect(spaced).toMatchObject({ status: 400, body: { code: errorCodeByStatus[400] } });
      expect((spaced.body as { message: string }).message).toMatch(/got " 1"\..*%2B/);
    });
  });

  describe("a JSON body that is not UTF-8", () => {
    it.each([
      ["a byte that never starts a character", [0xff]],
      ["a lone continuation byte", [0x80]],
      ["a truncated sequence", [0xe2, 0x82]],
      ["an overlong encoding", [0xc0, 0xaf]],
      ["an encoded surrogate", [0xed, 0xa0, 0x80]],
    ])("is a 400 naming the fault, and stores nothing (%s)", async (_why, bytes) => {
      const target = targets[name]!;
      const before = await (await send(target, "/pets?limit=100")).json();
      const answer = await sameAsServer(name, "/pets", () => ({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bodyWith(bytes),
      }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: errorCodeByStatus[400], status: 400 });
      expect((answer.body as { message: string }).message).toContain("not valid UTF-8");
      expect(await (await send(target, "/pets?limit=100")).json()).toEqual(before);
    });

    it("keeps valid UTF-8 as sent, four-byte characters included", async () => {
      const target = targets[name]!;
      const response = await send(target, "/pets", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bodyWith([...encoder.encode("é🐕")]),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ name: "Rexé🐕" });
    });
  });
});
