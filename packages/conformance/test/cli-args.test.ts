import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseCliArgs, targetNames, usage } from "../src/cli-args";
import { targetFactories } from "../src/targets/index";

// The package script's own arguments (`cli.ts --target all --server-command '…'`), read from package.json; pnpm
// appends whatever the user typed after the script name.
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  scripts: Record<string, string>;
};
const script = packageJson.scripts
  .conformance!.split("src/cli.ts ")[1]!
  .match(/'[^']*'|\S+/g)!
  .map((arg) => arg.replace(/^'(.*)'$/, "$1"));
const noSeed = {};

describe("command line", () => {
  it("--report-file names the file the report goes to, and implies --report", () => {
    expect(parseCliArgs([...script, "--", "--report-file", "report.md"], noSeed)).toMatchObject({
      report: true,
      reportFile: "report.md",
    });
    expect(parseCliArgs([...script, "--report"], noSeed)).not.toHaveProperty("reportFile");
    expect(() => parseCliArgs([...script, "--report-file="], noSeed)).toThrow(/--report-file needs a file name/);
  });

  it("reads options after the `--` that `pnpm conformance -- --report` forwards", () => {
    expect(parseCliArgs([...script, "--", "--report", "--fuzz-requests", "0"], noSeed)).toMatchObject({
      targets: [...targetNames],
      report: true,
      fuzzRequests: 0,
    });
  });

  it("lets a later --target override the script's own", () => {
    expect(parseCliArgs([...script, "--target", "server,msw"], noSeed).targets).toEqual(["server", "msw"]);
  });

  it("expands all, even next to other names", () => {
    expect(parseCliArgs([...script, "--target", "msw,all"], noSeed).targets).toEqual([
      "server",
      "msw",
      "prism",
      "prism-proxy",
      "prism-proxy-all",
    ]);
  });

  it("knows exactly the targets that can be started", () => {
    const server = () => Promise.reject(new Error("not started here"));
    expect([...targetNames].sort()).toEqual(Object.keys(targetFactories(server)).sort());
  });

  it("starts the server under test with the command the package script names", () => {
    expect(script.slice(0, 2)).toEqual(["--target", "all"]);
    expect(parseCliArgs(script, noSeed).server).toEqual({
      command: "pnpm --silent --filter @petstore/server start",
    });
  });

  it("takes a running server from --server-url and its key from CONFORMANCE_API_KEY, over the script's command", () => {
    expect(
      parseCliArgs([...script, "--", "--server-url", "http://127.0.0.1:4000/v1"], { CONFORMANCE_API_KEY: "k1" }).server,
    ).toEqual({ url: "http://127.0.0.1:4000/v1", apiKey: "k1" });
  });

  it.each([
    [["--target", "server"], {}, /--target server needs the server under test: give --server-url URL/],
    [["--target", "msw,prism-proxy-all"], {}, /--target prism-proxy-all needs the server under test/],
    [
      ["--target", "server", "--server-url", "http://127.0.0.1:4000/v1"],
      {},
      /--server-url needs CONFORMANCE_API_KEY set to an API key that server accepts/,
    ],
    [
      ["--target", "server", "--server-url", "localhost:4000"],
      { CONFORMANCE_API_KEY: "k1" },
      /--server-url must be an http\(s\) URL such as http:\/\/127.0.0.1:4000\/v1, got "localhost:4000"/,
    ],
    [["--target", "server", "--server-command", " "], {}, /--server-command needs a command/],
  ])("refuses %j without a usable server under test", (args, env, message) => {
    expect(() => parseCliArgs(args, env)).toThrow(message);
  });

  it("needs no server for targets that do not run it", () => {
    expect(parseCliArgs(["--target", "msw,prism"], noSeed)).not.toHaveProperty("server");
  });

  it("defaults to 10,000 fuzzed requests and no report", () => {
    expect(parseCliArgs(script, noSeed)).toMatchObject({ report: false, fuzzRequests: 10_000, list: false });
  });

  it.each(["-1", "1.5", "many", ""])("refuses --fuzz-requests %j", (value) => {
    expect(() => parseCliArgs([...script, `--fuzz-requests=${value}`], noSeed)).toThrow(
      /^\[@petstore\/conformance\] --fuzz-requests must be a whole number/,
    );
  });

  it("refuses an unknown option with the package prefix and the usage", () => {
    expect(() => parseCliArgs([...script, "--reprot"], noSeed)).toThrow(
      `[@petstore/conformance] Unknown option '--reprot'\n${usage}`,
    );
  });

  it.each([
    [
      "all,bogus",
      /^\[@petstore\/conformance\] unknown target "bogus": choose from server, msw, prism, prism-proxy, prism-proxy-all or all\nUsage:/,
    ],
    ["bogus", /^\[@petstore\/conformance\] unknown target "bogus": choose from/],
    ["", /^\[@petstore\/conformance\] --target "" contains an empty target name/],
    ["server,", /^\[@petstore\/conformance\] --target "server," contains an empty target name/],
  ])("refuses --target %j", (value, message) => {
    expect(() => parseCliArgs([...script, "--target", value], noSeed)).toThrow(message);
  });

  it.each([
    [
      "abc",
      /^\[@petstore\/conformance\] CONFORMANCE_SEED must be an integer, got "abc": set it to the seed a run printed, or unset it$/,
    ],
    ["1.5", /^\[@petstore\/conformance\] CONFORMANCE_SEED must be an integer, got "1.5"/],
    [
      "99999999999999999999",
      /^\[@petstore\/conformance\] CONFORMANCE_SEED 99999999999999999999 is too large to be exact/,
    ],
  ])("refuses CONFORMANCE_SEED=%s whatever the targets and fuzzing", (seed, message) => {
    expect(() =>
      parseCliArgs([...script, "--target", "prism", "--fuzz-requests", "0"], { CONFORMANCE_SEED: seed }),
    ).toThrow(message);
  });

  it("passes a valid CONFORMANCE_SEED on, and ignores an empty one", () => {
    expect(parseCliArgs(script, { CONFORMANCE_SEED: "-1556186764" }).seed).toBe(-1556186764);
    expect(parseCliArgs(script, { CONFORMANCE_SEED: "" }).seed).toBeUndefined();
  });

  it("accepts --list after the script's own --target all", () => {
    expect(parseCliArgs([...script, "--", "--list"], noSeed)).toMatchObject({ list: true });
  });

  it.each([
    [["--list", "--report"], "--report"],
    [["--list", "--target", "server"], "--target"],
    [["--list", "--fuzz-requests", "0"], "--fuzz-requests"],
  ])("refuses --list combined with other options: %j", (args, named) => {
    expect(() => parseCliArgs([...script, "--", ...args], noSeed)).toThrow(
      `[@petstore/conformance] --list takes no other option, got ${named}: run --list alone`,
    );
  });
});

describe("the conformance command", () => {
  const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src", "cli.ts");
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ["--import", "tsx", "--conditions=@petstore/source", cli, ...script, ...args], {
      encoding: "utf8",
      env: { ...process.env, ...env },
      timeout: 60_000,
    });

  it.each([
    [["--", "--bogus"], {}, `[@petstore/conformance] Unknown option '--bogus'\n${usage}\n`],
    [
      ["--target", "all,bogus"],
      {},
      `[@petstore/conformance] unknown target "bogus": choose from server, msw, prism, prism-proxy, prism-proxy-all or all\n${usage}\n`,
    ],
    [
      ["--", "--list", "--report"],
      {},
      `[@petstore/conformance] --list takes no other option, got --report: run --list alone\n${usage}\n`,
    ],
    [
      ["--target", "prism", "--fuzz-requests", "0"],
      { CONFORMANCE_SEED: "abc" },
      '[@petstore/conformance] CONFORMANCE_SEED must be an integer, got "abc": set it to the seed a run printed, or unset it\n',
    ],
  ])("exits 1 on %j before running anything, printing only the message", (args, env, stderr) => {
    const result = run(args, env);
    expect(result.stderr).toBe(stderr);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(1);
  });
});
