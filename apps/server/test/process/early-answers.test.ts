import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLimits } from "@petstore/contract";
import { type ChildServer, spawnServer } from "../helpers/child";

const dir = mkdtempSync(join(tmpdir(), "petstore-early-answers-"));
let server: ChildServer;
beforeAll(async () => {
  server = await spawnServer({ PETSTORE_API_KEYS: "k", PETSTORE_DATA_DIR: join(dir, "data") });
});
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

const BODY = 4 * 1024 * 1024;
/** Connections per kind: with the socket closed unread, most runs lost the answer on several of them. */
const CONNECTIONS = 20;
const AT_ONCE = 4;

/**
 * Sends `payload` in one write on a new connection, as a client uploading without waiting for an answer does, and
 * resolves with everything received once the connection has closed (a reset while sending is not an error here: what
 * arrived before it counts).
 */
function send(payload: Buffer): Promise<string> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.write(payload);
  });
}

const kinds = [
  {
    kind: "a head the parser refuses (two different Content-Lengths)",
    head: "POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
    status: 400,
  },
  {
    kind: "a declared Content-Length over the limit, with the body sent",
    head: `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: ${BODY}\r\n\r\n`,
    status: 413,
  },
  {
    kind: "a bad key, with a large body sent",
    head: `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wrong\r\nContent-Type: application/json\r\nContent-Length: ${BODY}\r\n\r\n`,
    status: 401,
  },
];

describe("answers sent before the request's body was read", () => {
  it.each(kinds)("reach a client that sends $kind in one write, every time", async ({ head, status }) => {
    expect(BODY).toBeGreaterThan(requestLimits.bodyBytes);
    const payload = Buffer.concat([Buffer.from(head), Buffer.alloc(BODY, 97)]);
    const received: string[] = [];
    // A few at a time: the server answers one while others are still arriving, as under load.
    for (let i = 0; i < CONNECTIONS; i += AT_ONCE)
      received.push(...(await Promise.all(Array.from({ length: AT_ONCE }, () => send(payload)))));
    const answers = received.map((raw) => {
      const headEnd = raw.indexOf("\r\n\r\n");
      const head = raw.slice(0, Math.max(headEnd, 0));
      const body = headEnd < 0 ? "" : raw.slice(headEnd + 4);
      let code: unknown;
      try {
        code = (JSON.parse(body) as { code?: unknown }).code;
      } catch {
        code = undefined;
      }
      return {
        status: Number(head.split(" ")[1] ?? 0),
        requestId: /^x-request-id: req_[0-9a-f]{32}$/im.test(head),
        whole: Buffer.byteLength(body, "latin1") === Number(/^content-length: (\d+)$/im.exec(head)?.[1] ?? -1),
        coded: typeof code === "string",
      };
    });
    expect(answers).toEqual(
      Array.from({ length: CONNECTIONS }, () => ({ status, requestId: true, whole: true, coded: true })),
    );
  });
});

describe("an upload over the limit through fetch", () => {
  it("gets its 413 Error body every time, not a broken pipe", async () => {
    const body = Buffer.alloc(BODY, 97);
    const outcomes: string[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      try {
        const response = await fetch(`${server.baseUrl}/pets`, {
          method: "POST",
          headers: { authorization: "Bearer k", "content-type": "application/json" },
          body,
        });
        const error = (await response.json()) as { code?: string };
        outcomes.push(`${response.status} ${error.code} ${response.headers.has("x-request-id")}`);
      } catch (error) {
        outcomes.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    }
    expect(outcomes).toEqual(Array.from({ length: CONNECTIONS }, () => "413 payload_too_large true"));
  });
});
