import { connect } from "node:net";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { LogLevel } from "../../src/index";
import { API_KEY, call, useServer } from "../helpers/server";

/** A server whose JSON log lines are collected, parsed, in `lines`. */
function loggedServer(logLevel: LogLevel) {
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { server: useServer({ logger: true, logLevel, logStream }), lines };
}

const linesOf = (lines: Record<string, unknown>[], reqId: string) => lines.filter((line) => line.reqId === reqId);

describe("request logs at the default level", () => {
  const { server, lines } = loggedServer("info");

  it("write one line per request, at its end, with the request id, method, URL, status and time", async () => {
    await call(server.current, "/v1/pets?limit=3", { headers: { "x-request-id": "one-line-1" } });
    await expect.poll(() => linesOf(lines, "one-line-1").length).toBe(1);
    expect(linesOf(lines, "one-line-1")[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      method: "GET",
      url: "/v1/pets?limit=3",
      statusCode: 200,
      responseTime: expect.any(Number),
    });
  });

  it("log errors answered with an Error body under the status sent", async () => {
    await call(server.current, "/v1/pets", { method: "POST", body: "{bad", headers: { "x-request-id": "one-line-2" } });
    await call(server.current, "/v1/pets", {
      headers: { authorization: "Bearer not-the-key", "x-request-id": "one-line-3" },
    });
    await expect.poll(() => linesOf(lines, "one-line-3").length).toBe(1);
    expect(linesOf(lines, "one-line-2")).toEqual([
      expect.objectContaining({ statusCode: 400, msg: "request completed" }),
    ]);
    expect(linesOf(lines, "one-line-3")).toEqual([
      expect.objectContaining({ statusCode: 401, msg: "request completed" }),
    ]);
  });

  it("stay one JSON line each whatever the target and request id hold (quotes, backslashes, JSON of their own)", async () => {
    const targets = ['/v1/pets?q="x\\"}{"admin":true', "/v1/pets/%22\\u0000\\"];
    for (const target of targets) {
      const id = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.current.url).port), "127.0.0.1");
        let answer = "";
        socket.on("data", (chunk) => {
          answer += chunk.toString();
          const match = /\r\nx-request-id: (\S+)\r\n/i.exec(answer);
          if (match && answer.includes("\r\n\r\n")) {
            socket.destroy();
            resolve(match[1]!);
          }
        });
        socket.on("error", reject);
        const request = `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nX-Request-Id: "},\\{\r\n\r\n`;
        socket.write(request);
      });
      // The hostile X-Request-Id is not used: the answer and the line carry a fresh one.
      expect(id).toMatch(/^req_[0-9a-f]{32}$/);
      await expect.poll(() => linesOf(lines, id).length).toBe(1);
      expect(linesOf(lines, id)[0]).toMatchObject({ method: "GET", url: target, msg: "request completed" });
    }
  });

  it("never contain the Authorization header, accepted or not", async () => {
    const before = lines.length;
    await call(server.current, "/v1/pets", { headers: { "x-request-id": "one-line-4" } });
    await call(server.current, "/v1/pets/1", {
      headers: { authorization: "Bearer sk_secret_wrong_key", "x-request-id": "one-line-5" },
    });
    await call(server.current, "/v1/pets", {
      headers: { authorization: `Basic ${API_KEY}`, "x-request-id": "one-line-6" },
    });
    await expect.poll(() => linesOf(lines, "one-line-6").length).toBe(1);
    const written = JSON.stringify(lines.slice(before));
    expect(written).not.toContain(API_KEY);
    expect(written).not.toContain("sk_secret_wrong_key");
    expect(written.toLowerCase()).not.toContain("authorization");
  });
});

describe("request logs at debug level", () => {
  const { server, lines } = loggedServer("debug");

  it("also write a line when the request arrives, before it is answered", async () => {
    await call(server.current, "/v1/pets", { headers: { "x-request-id": "debug-line-1" } });
    await expect.poll(() => linesOf(lines, "debug-line-1").length).toBe(2);
    const [incoming, completed] = linesOf(lines, "debug-line-1");
    const { host } = new URL(server.current.baseUrl);
    expect(incoming).toMatchObject({
      level: 20,
      msg: "incoming request",
      req: { method: "GET", url: "/v1/pets", host, remoteAddress: "127.0.0.1", remotePort: expect.any(Number) },
    });
    expect(JSON.stringify(incoming)).not.toContain(API_KEY);
    expect(completed).toMatchObject({ level: 30, msg: "request completed", statusCode: 200 });
  });
});
