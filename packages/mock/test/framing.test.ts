// An override sets an answer's status, body and headers; the HTTP adapter frames the body and owns the connection.
// A framing or hop-by-hop header from an override would contradict it (`transfer-encoding: chunked` beside the
// `content-length` it counts is an invalid response), so the control API refuses one, `json()` refuses one, and a
// `use()` handler's is dropped.
import { connect } from "node:net";
import { operationTable, type Pet } from "@petstore/contract";
import { HttpResponse, http } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "../src/http/index";
import { json } from "../src/index";
import { exampleRequest } from "../../../test/helpers/operations.ts";

const KEY = "framing-key";
const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const FRAMING = [
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "upgrade",
  "te",
  "trailer",
  "proxy-connection",
];
const getPet = operationTable.find((op) => op.method === "GET" && op.path.includes("{"))!;
let mock: RunningPetstoreMockServer;

beforeAll(async () => {
  mock = await startPetstoreMockServer({ pets: [rex], apiKeys: [KEY] });
});
afterEach(async () => {
  mock.resetHandlers();
  await fetch(`${mock.controlUrl}/reset`, { method: "POST" });
});
afterAll(() => mock.close());

/** The raw head of the answer to `GET path` with the key, as the bytes on the wire say it. */
function rawHead(path: string): Promise<string> {
  const { hostname, port } = new URL(mock.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${new URL(mock.baseUrl).pathname}${path} HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer ${KEY}\r\nconnection: close\r\n\r\n`,
      );
    });
    let text = "";
    socket.setEncoding("latin1").on("data", (chunk: string) => (text += chunk));
    socket.on("end", () => resolve(text.split("\r\n\r\n")[0]!)).on("error", reject);
  });
}

describe("framing headers in overrides", () => {
  it("the control API refuses an override that sets one, with a 400 naming it, and changes nothing", async () => {
    for (const name of FRAMING) {
      const answer = await fetch(`${mock.controlUrl}/overrides`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          operationId: getPet.operationId,
          status: 200,
          body: rex,
          headers: { [name]: "chunked" },
        }),
      });
      expect({ name, status: answer.status }).toEqual({ name, status: 400 });
      const body = (await answer.json()) as { message: string };
      expect(body.message).toContain(`${name} is a connection or framing header`);
    }
    const head = await rawHead(exampleRequest(getPet, rex.id).path);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
  });

  it("json() refuses one when the override answers", () => {
    for (const name of FRAMING)
      expect(() => json(200, rex, { headers: { [name]: "x" } })).toThrow(`${name} is a connection or framing header`);
  });

  it("a use() handler's framing headers are dropped: the answer is framed once, by the adapter", async () => {
    const path = exampleRequest(getPet, rex.id).path;
    mock.use(
      http.get(`${mock.baseUrl}${getPet.path.replace(/\{([^}]+)\}/g, ":$1")}`, () =>
        HttpResponse.json(rex, {
          headers: { "transfer-encoding": "chunked", "keep-alive": "timeout=1", upgrade: "h2c" },
        }),
      ),
    );
    const head = (await rawHead(path)).toLowerCase();
    expect(head).toMatch(/^http\/1\.1 200/);
    expect(head).not.toContain("transfer-encoding");
    expect(head).not.toContain("upgrade");
    expect(head).not.toContain("keep-alive: timeout=1");
    expect(head.match(/^content-length:/gm)).toHaveLength(1);
  });
});
