import { openapiDocument } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { contractBasePath, createMatcher } from "../src/routes";

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

describe("createMatcher", () => {
  it("matches a path alike every time, and hands out matches that no caller can change", () => {
    const match = createMatcher();
    const first = match("/v1/pets/7", "/v1");
    expect(first).toMatchObject({ kind: "route", route: { template: "/pets/{petId}", params: { petId: "7" } } });
    expect(match("/v1/pets/7", "/v1")).toEqual(first);
    const params = (first as { route: { params: Record<string, string> } }).route.params;
    expect(() => {
      params.petId = "8";
    }).toThrow(TypeError);
    expect(match("/v1/pets/7", "/v1")).toMatchObject({ route: { params: { petId: "7" } } });
    expect(match("/v1/pets/7", "/v2")).toEqual({ kind: "outside" });
  });

  it("matches every path right past the ones it remembers, long ones and broken ones included", () => {
    const match = createMatcher();
    for (let i = 0; i < 1200; i++)
      expect(match(`/v1/pets/${i}`, "/v1")).toMatchObject({ kind: "route", route: { params: { petId: String(i) } } });
    expect(match("/v1/pets/0", "/v1")).toMatchObject({ route: { params: { petId: "0" } } });
    const long = "9".repeat(400);
    expect(match(`/v1/pets/${long}`, "/v1")).toMatchObject({ route: { params: { petId: long } } });
    expect(match("/v1/%70ets", "/v1")).toMatchObject({ kind: "route", route: { template: "/pets" } });
    expect(match("/v1/pets/%E0%A4%A", "/v1")).toMatchObject({
      kind: "undecodable",
      route: { template: "/pets/{petId}" },
    });
    expect(match("/v1/nothing", "/v1")).toEqual({ kind: "unknown" });
  });
});
