import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DomainsConfig } from "../../src/domains/config";
import { createDnsQuery } from "../../src/domains/dns-client";
import type { CheckContext } from "../../src/domains/result";
import { startDnsServer, type TestDnsServer, type ZoneRecord } from "./dns-server";
import { makeCertificate, startWebServer, type HostBehaviour, type TestCertificate, type TestWebServer } from "./web-server";

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

/** The hosts of the healthy setup. */
export function healthyHosts(): [string, HostBehaviour][] {
  return [
    [PRIMARY, { status: 200 }],
    [REDIRECT, { status: 301, location: `https://${PRIMARY}/` }],
  ];
}

const DAY = 86_400_000;

/** The local DNS and HTTPS servers, certificates and a context for the checker. */
export interface Lab {
  dns: TestDnsServer;
  web: TestWebServer;
  certs: { good: TestCertificate; expired: TestCertificate; platformDefault: TestCertificate };
  caFile: string;
  /** Resets DNS, hosts and certificates to the healthy setup, then applies `change`. */
  reset(change?: { records?: ZoneRecord[]; apexes?: string[]; hosts?: [string, HostBehaviour][]; certificates?: [string, TestCertificate][] }): void;
  context(config: DomainsConfig): CheckContext;
  close(): Promise<void>;
}

/** Starts the lab: everything on 127.0.0.1, ephemeral ports, certificates made here. */
export async function startLab(): Promise<Lab> {
  const now = Date.now();
  const names = [PRIMARY, REDIRECT, "petstore.example", "www.petstore.example"];
  const [good, expired, platformDefault] = await Promise.all([
    makeCertificate(names, new Date(now - DAY), new Date(now + 90 * DAY)),
    makeCertificate(names, new Date(now - 120 * DAY), new Date(now - 30 * DAY)),
    makeCertificate([TARGET], new Date(now - DAY), new Date(now + 90 * DAY)),
  ]);
  const dns = await startDnsServer();
  const web = await startWebServer(good);
  const caFile = join(await mkdtemp(join(tmpdir(), "petstore-docs-ca-")), "ca.pem");
  await writeFile(caFile, [good.cert, expired.cert, platformDefault.cert].join("\n"));
  const lab: Lab = {
    dns,
    web,
    certs: { good, expired, platformDefault },
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
      ca: [good.cert, expired.cert, platformDefault.cert],
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
export function runCli(lab: Lab, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const labArgs = ["--dns", `127.0.0.1:${lab.dns.port}`, "--https-port", String(lab.web.port), "--ca", lab.caFile];
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", CLI, ...args, ...labArgs], { cwd: fileURLToPath(new URL("../..", import.meta.url)), env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}
