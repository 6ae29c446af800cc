import { describe, expect, it } from "vitest";
import { BenchArgsError, parseBenchArgs } from "../src/args";

const known = ["sdk-in-process", "bundle"];

describe("pnpm bench arguments", () => {
  it("no arguments: every benchmark at full size, written into the README", () => {
    expect(parseBenchArgs([], known)).toEqual({
      scale: "full",
      ids: known,
      profile: false,
      writesReadme: true,
      help: false,
      build: true,
    });
  });

  it.each([
    [["--quick"], { scale: "quick", ids: known, writesReadme: false }],
    [["--", "--only", "bundle"], { scale: "full", ids: ["bundle"], writesReadme: false }],
    [["--only=bundle,sdk-in-process"], { ids: ["bundle", "sdk-in-process"], writesReadme: false }],
    [["--profile"], { profile: true, writesReadme: false }],
    [["--help"], { help: true }],
    [["--no-build"], { build: false, writesReadme: false }],
    [["--quick", "--no-build", "--profile"], { scale: "quick", build: false, profile: true, writesReadme: false }],
  ])("%j", (argv, expected) => {
    expect(parseBenchArgs(argv, known)).toMatchObject(expected);
  });

  it.each([
    [["--quik"], /Unknown option '--quik'/],
    [["--only"], /Option '--only <value>' argument missing/],
    [["--only", "--quick"], /Option '--only' argument is ambiguous/],
    [["--only", "bogus"], /unknown benchmark "bogus"; known: sdk-in-process, bundle/],
    [["--only", "bundle,"], /unknown benchmark ""/],
    [["extra"], /Unexpected argument 'extra'/],
  ])("refuses %j before anything runs", (argv, message) => {
    expect(() => parseBenchArgs(argv, known)).toThrow(BenchArgsError);
    expect(() => parseBenchArgs(argv, known)).toThrow(message);
    expect(() => parseBenchArgs(argv, known)).toThrow(/^\[@petstore\/bench\] /);
  });
});

describe("the README's commands", () => {
  it("every `pnpm bench -- …` line of the README parses", async () => {
    const { readFileSync } = await import("node:fs");
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const lines = readme.split("\n").filter((line) => line.startsWith("pnpm bench"));
    expect(lines.length).toBeGreaterThan(3);
    const ids = Object.keys((await import("../src/benchmarks/index")).benchmarks);
    for (const line of lines) {
      const argv = line.replace(/#.*$/, "").trim().split(/\s+/).slice(2);
      expect(() => parseBenchArgs(argv, ids), line).not.toThrow();
    }
  });
});
