import { openapiDocument } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { contractBasePath } from "../src/routes";

describe("contractBasePath", () => {
  it("is the path the contract's server URLs end in", () => {
    const servers = (openapiDocument as unknown as { servers: { url: string }[] }).servers;
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) expect(new URL(server.url).pathname).toBe(contractBasePath());
    expect(contractBasePath()).toBe("/v1");
  });

  it("takes the path of absolute or relative URLs, ignoring a trailing slash, and refuses servers that disagree", () => {
    expect(contractBasePath([{ url: "https://a.example/v2/" }, { url: "http://b.example/v2" }, { url: "/v2" }])).toBe(
      "/v2",
    );
    expect(() => contractBasePath([{ url: "https://a.example/v1" }, { url: "https://b.example/v2" }])).toThrow(
      /share one base path/,
    );
    expect(() => contractBasePath([])).toThrow(/share one base path/);
  });
});
