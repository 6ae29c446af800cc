import { execFile } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DomainsConfig } from "../../src/domains/config";
import { createDnsQuery } from "../../src/domains/dns-client";
import type { CheckContext } from "../../src/domains/result";
import { startDnsServer, type TestDnsServer, type ZoneRecord } from "./dns-server";
import {
  makeCertificate,
  startWebServer,
  type HostBehaviour,
  type TestCertificate,
  type TestWebServer,
} from "./web-server";

/** The checked-in config's names: the tests check exactly what users configure. */
export const PRIMARY = "docs.petstore.example";
export const REDIRECT = "api-docs.petstore.example";
export const TARGET = "cname.docs-platform.example";

/** A healthy setup: both names CNAME to the target, CAA allows Let's Encrypt, the redirect is one 301. */
export function healthyRecords(): ZoneRecord[] {
  return [
    { name: PRIMARY, type: "CNAME", value: TARGET },
    { name: REDIRECT, type: "CNAME", value: TARGET },
    { name: TARGET, type: "A", value: "127.0.0.1" },
    { name: "petstore.example", type: "CAA", value: "letsencrypt.org" },
  ];
}

/** A Location that keeps the requested path and query, as a platform's domain redirect does. */
export const keepingPath =
  (host: string, scheme = "https") =>
  (path: string) =>
    `${scheme}://${host}${path}`;

/** The hosts of the healthy setup. */
export function healthyHosts(): [string, HostBehaviour][] {
  return [
    [PRIMARY, { status: 200 }],
    [REDIRECT, { status: 301, location: keepingPath(PRIMARY) }],
  ];
}

/** Right after *Add domain*: the platform target resolves, but no CNAME has been added at the DNS provider yet. */
function noDnsSetup(): LabChange {
  return { records: healthyRecords().filter((r) => r.type !== "CNAME"), hosts: [] };
}

/** What can go wrong at once, as shown in the README: an A record left at `docs`, a CAA record for another CA, a 302 instead of the declared 301. */
function brokenSetup(): LabChange {
  return {
    records: healthyRecords()
      .filter((r) => !(r.name === PRIMARY && r.type === "CNAME") && r.type !== "CAA")
      .concat(
        { name: PRIMARY, type: "A", value: "127.0.0.9" },
        { name: "petstore.example", type: "CAA", value: "digicert.com" },
      ),
    hosts: [
      [PRIMARY, { status: 200 }],
      [REDIRECT, { status: 302, location: keepingPath(PRIMARY) }],
    ],
  };
}

/** The primary was removed from the project (it answers 404) while api-docs still redirects to it. */
function removedPrimarySetup(): LabChange {
  return {
    hosts: [
      [PRIMARY, { status: 404 }],
      [REDIRECT, { status: 301, location: keepingPath(PRIMARY) }],
    ],
  };
}

const DAY = 86_400_000;

/** The setups `pnpm --filter @petstore/docs lab <name>` serves and the README shows, by name. */
export const labScenarios: Record<string, () => LabChange> = {
  healthy: () => ({}),
  "no-dns": noDnsSetup,
  broken: brokenSetup,
  "removed-primary": removedPrimarySetup,
};

/** A departure from the healthy setup: each field given replaces that part of it. */
export interface LabChange {
  records?: ZoneRecord[];
  apexes?: string[];
  hosts?: [string, HostBehaviour][];
  certificates?: [string, TestCertificate][];
}

/** The local DNS and HTTPS servers, certificates and a context for the checker. */
export interface Lab {
  dns: TestDnsServer;
  web: TestWebServer;
  /** `untrusted` is left out of the lab's CA list, as a certificate no browser trusts. */
  certs: Record<"good" | "expired" | "expiringSoon" | "platformDefault" | "untrusted", TestCertificate>;
  caFile: string;
  /** Resets DNS, hosts and certificates to the healthy setup, then applies `change`. */
  reset(change?: LabChange): void;
  context(config: DomainsConfig): CheckContext;
  close(): Promise<void>;
}

/** Where the lab listens and writes its CA. Every field has a default for tests. */
export interface LabOptions {
  /** UDP port of the DNS server. Defaults to a free one. */
  dnsPort?: number;
  /** TCP port of the HTTPS server. Defaults to a free one. */
  httpsPort?: number;
  /** Where the PEM of the test certificates is written, for `--ca`. Defaults to a new temporary folder. */
  caFile?: string;
}

/** Starts the lab: everything on 127.0.0.1, certificates made here. */
export async function startLab(options: LabOptions = {}): Promise<Lab> {
  const now = Date.now();
  const names = [PRIMARY, REDIRECT, "petstore.example", "www.petstore.example"];
  const [good, expired, expiringSoon, platformDefault, untrusted] = await Promise.all([
    makeCertificate(names, new Date(now - DAY), new Date(now + 90 * DAY)),
    makeCertificate(names, new Date(now - 120 * DAY), new Date(now - 30 * DAY), "Test platform CA expired"),
    makeCertificate(names, new Date(now - 80 * DAY), new Date(now + 5 * DAY), "Test platform CA expiring"),
    makeCertificate([TARGET], new Date(now - DAY), new Date(now + 90 * DAY), "Test platform CA default"),
    makeCertificate(names, new Date(now - DAY), new Date(now + 90 * DAY), "Unknown CA"),
  ]);
  const trusted = [good, expired, expiringSoon, platformDefault].map((c) => c.cert);
  const dns = await startDnsServer(options.dnsPort);
  const web = await startWebServer(good, options.httpsPort).catch(async (error: unknown) => {
    await dns.close();
    throw error;
  });
  const caFile = options.caFile ?? join(await mkdtemp(join(tmpdir(), "petstore-docs-ca-")), "ca.pem");
  await mkdir(dirname(caFile), { recursive: true });
  await writeFile(caFile, trusted.join("\n"));
  const lab: Lab = {
    dns,
    web,
    certs: { good, expired, expiringSoon, platformDefault, untrusted },
    caFile,
    reset(change = {}) {
      dns.set(change.apexes ?? ["petstore.example", "docs-platform.example"], change.records ?? healthyRecords());
      web.hosts.clear();
      for (const [host, behaviour] of change.hosts ?? healthyHosts()) web.hosts.set(host, behaviour);
      web.certificates.clear();
      for (const [host, cert] of change.certificates ?? []) web.certificates.set(host, cert);
    },
    context: (config) => ({
      config,
      query: createDnsQuery({ host: dns.address, port: dns.port }, 2000),
      httpsPort: web.port,
      httpPort: 1,
      ca: trusted,
      now: new Date(),
      timeoutMs: 3000,
    }),
    close: async () => {
      await Promise.all([dns.close(), web.close()]);
    },
  };
  lab.reset();
  return lab;
}

const CLI = fileURLToPath(new URL("../../src/domains/cli.ts", import.meta.url));

/** Runs `pnpm docs:domains` as a user would (through tsx, from apps/docs), against the lab. */
export function runCli(
  lab: Lab,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  // The lab's options first, so a test's own `--dns` or `--ca` overrides them (the last one wins).
  const labArgs = ["--dns", `127.0.0.1:${lab.dns.port}`, "--https-port", String(lab.web.port), "--ca", lab.caFile];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", CLI, ...labArgs, ...args],
      { cwd: fileURLToPath(new URL("../..", import.meta.url)), env: { ...process.env, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}
