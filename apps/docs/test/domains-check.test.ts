import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkDomains } from "../src/domains/check";
import { loadDomainsConfig, type DomainsConfig } from "../src/domains/config";
import type { CheckResult } from "../src/domains/result";
import type { ZoneRecord } from "./helpers/dns-server";
import { healthyHosts, healthyRecords, PRIMARY, REDIRECT, startLab, TARGET, type Lab } from "./helpers/scenario";

let lab: Lab;
let config: DomainsConfig;

beforeAll(async () => {
  lab = await startLab();
  config = await loadDomainsConfig(new URL("../domains.json", import.meta.url).pathname);
});
afterAll(async () => {
  await lab?.close();
});

async function check(change: Parameters<Lab["reset"]>[0], only?: string, cfg = config): Promise<CheckResult[]> {
  lab.reset(change);
  return checkDomains(lab.context(cfg), only);
}

function line(results: CheckResult[], domain: string, name: string): CheckResult {
  const found = results.find((r) => r.domain === domain && r.check === name);
  if (!found) throw new Error(`no ${name} result for ${domain} in ${JSON.stringify(results, null, 2)}`);
  return found;
}

const withoutRecord = (name: string, type: string) => healthyRecords().filter((r) => !(r.name === name && r.type === type));

test("a healthy setup passes every check of both domains", async () => {
  const results = await check({});
  expect(results.filter((r) => r.status !== "pass")).toEqual([]);
  expect(results.map((r) => `${r.domain} ${r.check}`)).toEqual([
    `${PRIMARY} form`, `${PRIMARY} cname`, `${PRIMARY} caa`, `${PRIMARY} tls`, `${PRIMARY} serves`,
    `${REDIRECT} form`, `${REDIRECT} cname`, `${REDIRECT} caa`, `${REDIRECT} tls`, `${REDIRECT} redirect`,
  ]);
  expect(line(results, PRIMARY, "cname").message).toBe(`CNAME docs → ${TARGET} (TTL 3600).`);
});

test("a CNAME value differing only by case or a trailing dot matches the target", async () => {
  const records = withoutRecord(PRIMARY, "CNAME").concat({ name: PRIMARY, type: "CNAME", value: "CNAME.Docs-Platform.Example." });
  expect(line(await check({ records }, PRIMARY), PRIMARY, "cname").status).toBe("pass");
});

interface Row {
  symptom: string;
  change: Parameters<Lab["reset"]>[0];
  domain: string;
  check: string;
  message: RegExp;
  fix: RegExp;
}

// Every row of SERVICE-SPEC's troubleshooting table, each with the causes it names.
const rows: Row[] = [
  {
    symptom: "verification keeps failing: an A record blocks the CNAME",
    change: { records: withoutRecord(PRIMARY, "CNAME").concat({ name: PRIMARY, type: "A", value: "127.0.0.9" }) },
    domain: PRIMARY, check: "cname",
    message: /has no CNAME, and A 127\.0\.0\.9 at the same name blocks it/,
    fix: /delete the A record\(s\) named "docs", add a record: Type CNAME, Name docs, Value cname\.docs-platform\.example, TTL 3600, then choose Verify.*48 hours/,
  },
  {
    symptom: "verification keeps failing: a CNAME next to an AAAA record",
    change: { records: healthyRecords().concat({ name: PRIMARY, type: "AAAA", value: "::1" }) },
    domain: PRIMARY, check: "cname",
    message: /has a CNAME and also AAAA ::1/,
    fix: /delete the AAAA record\(s\) named "docs", keep the CNAME, then choose Verify/,
  },
  {
    symptom: "verification keeps failing: the CNAME value is not the dashboard's",
    change: { records: withoutRecord(REDIRECT, "CNAME").concat({ name: REDIRECT, type: "CNAME", value: "cname.other-platform.example" }) },
    domain: REDIRECT, check: "cname",
    message: /the CNAME of api-docs\.petstore\.example is cname\.other-platform\.example, not the platform target cname\.docs-platform\.example/,
    fix: /change the value of the CNAME "api-docs" to exactly cname\.docs-platform\.example.*then choose Verify/,
  },
  {
    symptom: "verification keeps failing: no CNAME yet",
    change: { records: withoutRecord(PRIMARY, "CNAME") },
    domain: PRIMARY, check: "cname",
    message: /has no CNAME record/,
    fix: /add a record: Type CNAME, Name docs.*If you added it already, wait: DNS changes can take up to 48 hours/,
  },
  {
    symptom: "SSL certificate missing: a CAA record up the tree blocks the certificate authority",
    change: { records: withoutRecord("petstore.example", "CAA").concat({ name: "petstore.example", type: "CAA", value: "digicert.com; cansignhttpexchanges=yes" }) },
    domain: PRIMARY, check: "caa",
    message: /CAA at petstore\.example \(0 issue "digicert\.com; cansignhttpexchanges=yes"\) does not allow letsencrypt\.org/,
    fix: /add a CAA record at petstore\.example: 0 issue "letsencrypt\.org".*Re-verify/,
  },
  {
    symptom: "SSL certificate missing: a critical CAA property the CA does not know",
    change: { records: healthyRecords().concat({ name: PRIMARY, type: "CAA", value: "x", tag: "tbs", flags: 128 }) },
    domain: PRIMARY, check: "caa",
    message: /critical property/,
    fix: /Re-verify/,
  },
  {
    symptom: "SSL certificate missing: nothing answers HTTPS",
    change: { records: withoutRecord(TARGET, "A").concat({ name: TARGET, type: "A", value: "127.0.0.2" }) },
    domain: PRIMARY, check: "tls",
    message: /no SSL certificate is served for docs\.petstore\.example \(127\.0\.0\.2:\d+: .*ECONNREFUSED/,
    fix: /Confirm the domain still verifies.*CAA.*Re-verify.*30 minutes/,
  },
  {
    symptom: "non-private connection: the certificate expired",
    change: { certificates: [[PRIMARY, "expired"]] } as never,
    domain: PRIMARY, check: "tls",
    message: /the certificate for docs\.petstore\.example expired on \d{4}-\d{2}-\d{2}/,
    fix: /non-private connection.*wait a few minutes and retry in a private window.*Re-verify/,
  },
  {
    symptom: "non-private connection: the platform's default certificate, for another name",
    change: { certificates: [[PRIMARY, "platformDefault"]] } as never,
    domain: PRIMARY, check: "tls",
    message: /the certificate is for cname\.docs-platform\.example, not docs\.petstore\.example/,
    fix: /retry in a private window/,
  },
  {
    symptom: "redirects misbehave: wrong status",
    change: { hosts: [[PRIMARY, { status: 200 }], [REDIRECT, { status: 302, location: `https://${PRIMARY}/` }]] },
    domain: REDIRECT, check: "redirect",
    message: /answered 302, but domains\.json declares 301/,
    fix: /status 301.*private window or with a header-only request/,
  },
  {
    symptom: "redirects misbehave: a chain through the primary",
    change: { hosts: [[PRIMARY, { status: 308, location: "https://www.petstore.example/" }], [REDIRECT, { status: 301, location: `https://${PRIMARY}/` }], ["www.petstore.example", { status: 200 }]],
      records: healthyRecords().concat({ name: "www.petstore.example", type: "CNAME", value: TARGET }) },
    domain: REDIRECT, check: "redirect",
    message: /redirect chain: https:\/\/api-docs\.petstore\.example\/ → https:\/\/docs\.petstore\.example\/ → https:\/\/www\.petstore\.example\/ \(301, then 308\)/,
    fix: /point api-docs\.petstore\.example straight at the final domain.*cache redirects \(and chains\) aggressively/,
  },
  {
    symptom: "redirects misbehave: the wrong target",
    change: { hosts: [[PRIMARY, { status: 200 }], [REDIRECT, { status: 301, location: "https://petstore.example/" }]] },
    domain: REDIRECT, check: "redirect",
    message: /redirects to https:\/\/petstore\.example\/, not to docs\.petstore\.example/,
    fix: /set api-docs\.petstore\.example to redirect to docs\.petstore\.example with status 301/,
  },
  {
    symptom: "redirects misbehave: no redirect at all",
    change: { hosts: [[PRIMARY, { status: 200 }], [REDIRECT, { status: 200 }]] },
    domain: REDIRECT, check: "redirect",
    message: /answered 200, not a 301 redirect/,
    fix: /header-only request/,
  },
];

describe("each troubleshooting row fails with what to change", () => {
  test.each(rows)("$symptom", async (row) => {
    const change = { ...row.change };
    if (change.certificates) change.certificates = change.certificates.map(([host, name]) => [host, lab.certs[name as unknown as keyof Lab["certs"]]]);
    const results = await check(change);
    const result = line(results, row.domain, row.check);
    expect(result.status).toBe("fail");
    expect(result.message).toMatch(row.message);
    expect(result.fix).toMatch(row.fix);
  });
});

describe("apex domains", () => {
  const apexConfig = (): DomainsConfig => ({
    ...config,
    domains: [{ name: "petstore.example", primary: true }],
    redirects: [],
  });
  const apexRecords = (extra: ZoneRecord[]) => [
    { name: TARGET, type: "A", value: "127.0.0.1" } as ZoneRecord,
    ...extra,
  ];

  test("say ALIAS/ANAME is needed and not every provider has it; flattened A records pass", async () => {
    const results = await check(
      { records: apexRecords([{ name: "petstore.example", type: "A", value: "127.0.0.1" }]), hosts: [["petstore.example", { status: 200 }]] },
      undefined,
      apexConfig(),
    );
    const form = line(results, "petstore.example", "form");
    expect(form.status).toBe("warn");
    expect(form.message).toMatch(/apex domain.*needs an ALIAS or ANAME record.*Not every DNS provider supports ALIAS\/ANAME/);
    expect(line(results, "petstore.example", "alias").status).toBe("pass");
    expect(results.filter((r) => r.status === "fail")).toEqual([]);
  });

  test("fail when the apex A records are not the target's", async () => {
    const results = await check({ records: apexRecords([{ name: "petstore.example", type: "A", value: "127.0.0.8" }]) }, undefined, apexConfig());
    const alias = line(results, "petstore.example", "alias");
    expect(alias.status).toBe("fail");
    expect(alias.message).toMatch(/answers with A 127\.0\.0\.8, not cname\.docs-platform\.example's addresses \(127\.0\.0\.1\)/);
    expect(alias.fix).toMatch(/replace the A\/AAAA records.*ALIAS \(or ANAME\)/);
  });

  test("fail when a CNAME sits at the apex", async () => {
    const results = await check({ records: apexRecords([{ name: "petstore.example", type: "CNAME", value: TARGET }]) }, undefined, apexConfig());
    expect(line(results, "petstore.example", "alias")).toMatchObject({ status: "fail", message: expect.stringMatching(/CNAME .* at the zone apex/) });
  });
});

test("a CAA record at the domain itself takes precedence over its parent's (RFC 8659 tree walk)", async () => {
  const records = withoutRecord("petstore.example", "CAA").concat(
    { name: "petstore.example", type: "CAA", value: "digicert.com" },
    { name: PRIMARY, type: "CAA", value: "letsencrypt.org" },
  );
  const results = await check({ records }, undefined);
  expect(line(results, PRIMARY, "caa")).toMatchObject({ status: "pass", message: "CAA at docs.petstore.example allows letsencrypt.org." });
  expect(line(results, REDIRECT, "caa").status).toBe("fail");
});

test("checking one domain checks only that one; an unknown domain is a clear error", async () => {
  const results = await check({}, REDIRECT);
  expect(new Set(results.map((r) => r.domain))).toEqual(new Set([REDIRECT]));
  await expect(check({}, "other.example")).rejects.toThrow(/other\.example is not in domains\.json \(docs\.petstore\.example, api-docs\.petstore\.example\)/);
});

test("the healthy lab uses the checked-in domains.json unchanged", async () => {
  const raw = JSON.parse(await readFile(new URL("../domains.json", import.meta.url), "utf8"));
  expect(raw).toMatchObject({ platformTarget: TARGET, certificateAuthority: "letsencrypt.org" });
  expect(healthyHosts().map(([host]) => host)).toEqual([PRIMARY, REDIRECT]);
});
