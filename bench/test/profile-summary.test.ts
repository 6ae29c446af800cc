import { describe, expect, it } from "vitest";
import { packageOf, summarizeProfile, type CpuProfile } from "../src/profile-summary";

describe("packageOf", () => {
  it.each([
    ["file:///w/node_modules/.pnpm/openapi-fetch@0.17.0/node_modules/openapi-fetch/dist/index.mjs", "openapi-fetch"],
    ["file:///w/node_modules/.pnpm/msw@2.9.0/node_modules/@mswjs/interceptors/lib/a.mjs", "@mswjs/interceptors"],
    ["file:///work/main/packages/client/dist/index.js", "packages/client"],
    ["node:internal/deps/undici/undici", "node:internal"],
    ["file:///work/main/bench/src/harness.ts", "app"],
    ["", "(garbage collector)"],
  ])("%s → %s", (url, expected) => {
    expect(packageOf(url, url ? "f" : "(garbage collector)")).toBe(expected);
  });
});

describe("summarizeProfile", () => {
  const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 9 });
  const profile: CpuProfile = {
    startTime: 0,
    endTime: 100_000, // 100 ms in µs
    nodes: [
      { id: 1, hitCount: 0, callFrame: frame("(root)", "") },
      { id: 2, hitCount: 60, callFrame: frame("parse", "file:///x/node_modules/openapi-fetch/dist/index.mjs") },
      { id: 3, hitCount: 30, callFrame: frame("list", "file:///work/main/packages/client/dist/index.js") },
      { id: 4, hitCount: 10, callFrame: frame("parse", "file:///x/node_modules/openapi-fetch/dist/index.mjs") },
    ],
  };

  it("adds up self time per function and per package, highest first, in ms and shares", () => {
    const summary = summarizeProfile(profile);
    expect(summary.functions).toEqual([
      { name: "parse openapi-fetch/dist/index.mjs:10", ms: 70, share: 0.7 },
      { name: "list packages/client/dist/index.js:10", ms: 30, share: 0.3 },
    ]);
    expect(summary.packages.map((row) => [row.name, row.share])).toEqual([
      ["openapi-fetch", 0.7],
      ["packages/client", 0.3],
    ]);
  });

  it("leaves idle samples out of the ranking and the shares, and reports busy and idle time", () => {
    const withIdle: CpuProfile = {
      ...profile,
      endTime: 200_000,
      nodes: [...profile.nodes, { id: 5, hitCount: 100, callFrame: frame("(idle)", "") }],
    };
    const summary = summarizeProfile(withIdle);
    expect(summary.functions.map((row) => [row.name, row.share])).toEqual([
      ["parse openapi-fetch/dist/index.mjs:10", 0.7],
      ["list packages/client/dist/index.js:10", 0.3],
    ]);
    expect(summary.busyMs).toBeCloseTo(100, 9);
    expect(summary.idleMs).toBeCloseTo(100, 9);
  });

  it("with skipLoading, leaves out every frame called from Node's module loader", () => {
    const loading: CpuProfile = {
      startTime: 0,
      endTime: 100_000,
      nodes: [
        { id: 1, hitCount: 0, children: [2, 3], callFrame: frame("(root)", "") },
        { id: 2, hitCount: 10, children: [4], callFrame: frame("import", "node:internal/modules/esm/loader") },
        { id: 3, hitCount: 60, callFrame: frame("handle", "file:///x/node_modules/fastify/lib/route.js") },
        { id: 4, hitCount: 30, callFrame: frame("compile", "file:///x/node_modules/ajv/dist/ajv.js") },
      ],
    };
    expect(summarizeProfile(loading).packages.map((row) => row.name)).toEqual(["fastify", "ajv", "node:internal"]);
    const skipped = summarizeProfile(loading, 15, { skipLoading: true });
    expect(skipped.packages).toEqual([{ name: "fastify", ms: 60, share: 1 }]);
    expect(skipped.loadingMs).toBeCloseTo(40, 9);
  });

  it("keeps only the top entries", () => {
    expect(summarizeProfile(profile, 1).functions).toHaveLength(1);
  });
});
