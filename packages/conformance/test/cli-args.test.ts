import { describe, expect, it } from "vitest";
import { parseCliArgs } from "../src/cli-args";

// The package script is `cli.ts --target all`; pnpm appends whatever the user typed after the script name.
const script = ["--target", "all"];

describe("command line", () => {
  it("reads options after the `--` that `pnpm conformance -- --report` forwards", () => {
    expect(parseCliArgs([...script, "--", "--report", "--fuzz-requests", "0"])).toMatchObject({ targets: ["all"], report: true, fuzzRequests: 0 });
  });

  it("lets a later --target override the script's own", () => {
    expect(parseCliArgs([...script, "--target", "server,msw"]).targets).toEqual(["server", "msw"]);
  });

  it("defaults to 10,000 fuzzed requests and no report", () => {
    expect(parseCliArgs(script)).toMatchObject({ report: false, fuzzRequests: 10_000, list: false });
  });

  it.each(["-1", "1.5", "many", ""])("refuses --fuzz-requests %j", (value) => {
    expect(() => parseCliArgs([...script, `--fuzz-requests=${value}`])).toThrow(/--fuzz-requests must be a whole number/);
  });

  it("refuses an unknown option instead of ignoring it", () => {
    expect(() => parseCliArgs([...script, "--reprot"])).toThrow(/Unknown option '--reprot'/);
  });
});
