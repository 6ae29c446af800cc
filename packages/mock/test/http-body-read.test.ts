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
});
