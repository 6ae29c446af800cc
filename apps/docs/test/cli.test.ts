import { createSocket, type Socket } from "node:dgram";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CheckResult } from "../src/domains/result";
import { runCli, startLab, type Lab } from "./helpers/scenario";

let lab: Lab;
let dir: string;
/** A UDP port where nothing ever answers, like a DNS server behind a firewall that drops packets. */
let silent: Socket;

beforeAll(async () => {
  lab = await startLab();
  dir = await mkdtemp(join(tmpdir(), "petstore-docs-cli-"));
  await writeFile(join(dir, "truncated.json"), '{ "platformTarget": "cname.docs-platform.example", "domains": [');
  await writeFile(
    join(dir, "invalid.json"),
    JSON.stringify({
      platformTarget: "cname.docs-platform.example",
      domains: [{ name: "docs.petstore.example" }],
      redirects: [],
    }),
  );
  silent = createSocket("udp4");
  await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  silent?.close();
  await lab?.close();
});

test("--json prints every result as JSON and exits 0 when all pass", async () => {
  const run = await runCli(lab, ["check", "--json"]);
  expect(run.code).toBe(0);
  const results = JSON.parse(run.stdout) as CheckResult[];
  expect(results).toHaveLength(10);
  expect(results.every((r) => r.status === "pass")).toBe(true);
});

describe("bad input exits 2 with one clear message and no stack trace", () => {
  const cases: [string, () => string[], RegExp][] = [
    [
      "an unknown command",
      () => ["verify"],
      /^\[@petstore\/docs\] unknown command "verify"\n\nUsage: pnpm docs:domains check/,
    ],
    ["no command", () => [], /^\[@petstore\/docs\] no command given\n\nUsage: pnpm docs:domains check/],
    ["an unknown option", () => ["check", "--bogus"], /^\[@petstore\/docs\] Unknown option '--bogus'\n\nUsage:/],
    [
      "a URL instead of a domain",
      () => ["check", "https://docs.petstore.example/"],
      /^\[@petstore\/docs\] "https:\/\/docs\.petstore\.example\/" is not a domain name; pass the name alone/,
    ],
    [
      "a domain not in domains.json",
      () => ["check", "other.example"],
      /^\[@petstore\/docs\] other\.example is not in domains\.json/,
    ],
    [
      "a domains.json that is not JSON",
      () => ["check", "--config", join(dir, "truncated.json")],
      /^\[@petstore\/docs\] .*truncated\.json is not a valid domains config:\n {2}- line 1, column 64: not valid JSON: the file ends too early\n/,
    ],
    [
      "a domains.json the schema rejects",
      () => ["check", "--config", join(dir, "invalid.json")],
      /invalid\.json is not a valid domains config:\n {2}- line 1, column 1: the config is missing "certificateAuthority"/,
    ],
    [
      "a domains.json that does not exist",
      () => ["check", "--config", join(dir, "missing.json")],
      /missing\.json is not a valid domains config:\n {2}- cannot be read: ENOENT/,
    ],
    [
      "a DNS server that is not an IP address",
      () => ["check", "--dns", "dns.example"],
      /^\[@petstore\/docs\] --dns must be an IP address with an optional port, such as 127\.0\.0\.1:5353, not "dns\.example"/,
    ],
    [
      "a DNS server that never answers",
      () => ["check", "--dns", `127.0.0.1:${silent.address().port}`, "--timeout", "300"],
      /^\[@petstore\/docs\] DNS server 127\.0\.0\.1:\d+ did not answer SOA docs\.petstore\.example: .*\nCheck that the DNS server is running and reachable from here, or pass another resolver with --dns/,
    ],
    [
      "a CA file that cannot be read",
      () => ["check", "--ca", join(dir, "nope.pem")],
      /^\[@petstore\/docs\] --ca .*nope\.pem cannot be read \(ENOENT\); pass a PEM file/,
    ],
    [
      "a timeout that is not a number",
      () => ["check", "--timeout", "soon"],
      /^\[@petstore\/docs\] --timeout must be milliseconds from 1 to 600000, not "soon"/,
    ],
    [
      "a port out of range",
      () => ["check", "--https-port", "70000"],
      /^\[@petstore\/docs\] --https-port must be a port from 1 to 65535, not "70000"/,
    ],
  ];

  // Each case only reads the lab's healthy setup, so they run side by side; each is a process start of about a second
  // on an idle machine, and several times that when other jobs share the cores, hence the generous timeout.
  test.concurrent.each(cases)(
    "%s",
    async (_, args, message) => {
      const run = await runCli(lab, args());
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    },
    120_000,
  );
});
