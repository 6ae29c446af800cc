import { describe, expect, it } from "vitest";
import { jsonBytes, makePets } from "../src/fixtures";
import { parseReadyLine, startChildServer } from "../src/internal/child-server";
import { startFixedBytesServer } from "../src/internal/fixed-bytes-server";

describe("parseReadyLine", () => {
  it.each([
    ['{"port":4010}', 4010],
    ['{"port":0}', undefined],
    ['{"port":"4010"}', undefined],
    ['{"level":30,"msg":"listening"}', undefined],
    ["{not json", undefined],
    ["listening on 4010", undefined],
  ])("%s → %s", (line, expected) => {
    expect(parseReadyLine(line)).toBe(expected);
  });
});

describe("fixed-bytes baseline server", () => {
  it("answers any request, any number of times, with exactly the given bytes", async () => {
    const body = jsonBytes(makePets(3));
    const { server, port } = await startFixedBytesServer(body);
    try {
      for (const path of ["/v1/pets", "/anything?x=1"]) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", body: "ignored" });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/json");
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(body);
      }
    } finally {
      server.close();
    }
  });

  it("runs in a child process that announces its ephemeral port and stops on request", async () => {
    const body = jsonBytes(makePets(2));
    const child = await startChildServer({
      script: "fixed-bytes-server.ts",
      env: { BENCH_BODY_BASE64: Buffer.from(body).toString("base64") },
    });
    try {
      expect(child.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${child.origin}/v1/pets`)).json()).toEqual(makePets(2));
    } finally {
      await child.stop();
    }
    await expect(fetch(`${child.origin}/v1/pets`)).rejects.toThrow();
  });

  it("reports a child that exits before listening, quoting its error", async () => {
    // Without BENCH_BODY_BASE64 the baseline script throws at start.
    await expect(startChildServer({ script: "fixed-bytes-server.ts" })).rejects.toThrow(
      "[@petstore/bench] child server fixed-bytes-server.ts exited with code 1 before listening: Error: [@petstore/bench] BENCH_BODY_BASE64 is not set",
    );
  });
});
