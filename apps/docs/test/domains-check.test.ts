import { createSocket } from "node:dgram";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkDomains } from "../src/domains/check";
import { loadDomainsConfig, type DomainsConfig } from "../src/domains/config";
import { createDnsQuery } from "../src/domains/dns-client";
import type { CheckResult } from "../src/domains/result";
import type { ZoneRecord } from "./helpers/dns-server";
import {
  healthyHosts,
  healthyRecords,
  keepingPath,
  PRIMARY,
  REDIRECT,
  startLab,
  TARGET,
  type Lab,
  type LabChange,
} from "./helpers/scenario";
import type { TestCertificate } from "./helpers/web-server";

let lab: Lab;
let config: DomainsConfig;

beforeAll(async () => {
  lab = await startLab();
  config = await loadDomainsConfig(new URL("../domains.json", import.meta.url).pathname);
});
afterAll(async () => {
  await lab?.close();
});

async function check(change: LabChange, only?: string, cfg = config): Promise<CheckResult[]> {
  lab.reset(change);
  return checkDomains(lab.context(cfg), only);
}

function line(results: CheckResult[], domain: string, name: string): CheckResult {
  const found = results.find((r) => r.domain === domain && r.check === name);
  if (!found) throw new Error(`no ${name} result for ${domain} in ${JSON.stringify(results, null, 2)}`);
  return found;
}

const withoutRecord = (name: string, type: string) =>
  healthyRecords().filter((r) => !(r.name === name && r.type === type));

test("a healthy setup passes every check of both domains", async () => {
  const results = await check({});
  expect(results.filter((r) => r.status !== "pass")).toEqual([]);
  expect(results.map((r) => `${r.domain} ${r.check}`)).toEqual([
    `${PRIMARY} form`,
    `${PRIMARY} cname`,
    `${PRIMARY} caa`,
    `${PRIMARY} tls`,
    `${PRIMARY} serves`,
    `${REDIRECT} form`,
    `${REDIRECT} cname`,
    `${REDIRECT} caa`,
    `${REDIRECT} tls`,
    `${REDIRECT} redirect`,
  ]);
  expect(line(results, PRIMARY, "cname").message).toBe(`CNAME docs → ${TARGET} (TTL 3600).`);
  expect(line(results, REDIRECT, "redirect").message).toBe(
    `HEAD https://${REDIRECT}/guide/ → 301 https://${PRIMARY}/guide/ → 200: one hop, path kept, ${PRIMARY} serves the docs.`,
  );
});

test("when the DNS is wrong, the TLS row is not checked and gives no certificate advice", async () => {
  const results = await check(
    { records: withoutRecord(PRIMARY, "CNAME").concat({ name: PRIMARY, type: "A", value: "127.0.0.9" }) },
    PRIMARY,
  );
  expect(line(results, PRIMARY, "cname").status).toBe("fail");
  const tls = line(results, PRIMARY, "tls");
  expect(tls).toEqual({
    domain: PRIMARY,
    check: "tls",
    status: "skip",
    message: `not checked because the DNS records of ${PRIMARY} are wrong: the platform issues the SSL certificate only after the domain verifies.`,
    fix: "Fix the DNS records above first; the certificate follows automatically within a couple of minutes of verification.",
  });
  expect(JSON.stringify(results)).not.toMatch(/Re-verify|CAA records do not block|certificate is usually issued/);
});

test("a CNAME value differing only by case or a trailing dot matches the target", async () => {
  const records = withoutRecord(PRIMARY, "CNAME").concat({
    name: PRIMARY,
    type: "CNAME",
    value: "CNAME.Docs-Platform.Example.",
  });
  expect(line(await check({ records }, PRIMARY), PRIMARY, "cname").status).toBe("pass");
});

interface Row {
  symptom: string;
  change: LabChange;
  /** The lab certificate the primary serves instead of the good one. */
  certificate?: keyof Lab["certs"];
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
    domain: PRIMARY,
    check: "cname",
    message: /has no CNAME, and A 127\.0\.0\.9 at the same name blocks it/,
    fix: /delete the A record\(s\) named "docs", add a record: Type CNAME, Name docs, Value cname\.docs-platform\.example, TTL 3600, then choose Verify.*48 hours/,
  },
  {
    symptom: "verification keeps failing: a CNAME next to an AAAA record",
    change: { records: healthyRecords().concat({ name: PRIMARY, type: "AAAA", value: "::1" }) },
    domain: PRIMARY,
    check: "cname",
    message: /has a CNAME and also AAAA ::1/,
    fix: /delete the AAAA record\(s\) named "docs", keep the CNAME, then choose Verify/,
  },
  {
    symptom: "verification keeps failing: any other record, such as a leftover TXT, shares the CNAME's name",
    change: { records: healthyRecords().concat({ name: REDIRECT, type: "TXT", value: "old-verification=1" }) },
    domain: REDIRECT,
    check: "cname",
    message: /has a CNAME and also TXT old-verification=1: a CNAME cannot share its name with other records/,
    fix: /delete the TXT record\(s\) named "api-docs", keep the CNAME, then choose Verify/,
  },
  {
    symptom: "verification keeps failing: a CAA record at the CNAME's name",
    change: { records: healthyRecords().concat({ name: PRIMARY, type: "CAA", value: "letsencrypt.org" }) },
    domain: PRIMARY,
    check: "cname",
    message: /has a CNAME and also CAA 0 issue "letsencrypt\.org"/,
    fix: /delete the CAA record\(s\) named "docs", keep the CNAME/,
  },
  {
    symptom: "verification keeps failing: the CNAME value is not the dashboard's",
    change: {
      records: withoutRecord(REDIRECT, "CNAME").concat({
        name: REDIRECT,
        type: "CNAME",
        value: "cname.other-platform.example",
      }),
    },
    domain: REDIRECT,
    check: "cname",
    message:
      /the CNAME of api-docs\.petstore\.example is cname\.other-platform\.example, not the platform target cname\.docs-platform\.example/,
    fix: /change the value of the CNAME "api-docs" to exactly cname\.docs-platform\.example.*then choose Verify/,
  },
  {
    symptom: "verification keeps failing: no CNAME yet",
    change: { records: withoutRecord(PRIMARY, "CNAME") },
    domain: PRIMARY,
    check: "cname",
    message: /has no CNAME record/,
    fix: /add a record: Type CNAME, Name docs.*If you added it already, wait: DNS changes can take up to 48 hours/,
  },
  {
    symptom: "SSL certificate missing: a CAA record up the tree blocks the certificate authority",
    change: {
      records: withoutRecord("petstore.example", "CAA").concat({
        name: "petstore.example",
        type: "CAA",
        value: "digicert.com; cansignhttpexchanges=yes",
      }),
    },
    domain: PRIMARY,
    check: "caa",
    message:
      /CAA at petstore\.example \(0 issue "digicert\.com; cansignhttpexchanges=yes"\) does not allow letsencrypt\.org/,
    fix: /add a CAA record at petstore\.example: 0 issue "letsencrypt\.org".*Re-verify/,
  },
  {
    symptom: "SSL certificate missing: a critical CAA property the CA does not know",
    change: {
      records: healthyRecords().concat({ name: "petstore.example", type: "CAA", value: "x", tag: "tbs", flags: 128 }),
    },
    domain: PRIMARY,
    check: "caa",
    message:
      /CAA at petstore\.example has a critical property the CA does not know \(128 tbs "x"\), so no CA may issue/,
    fix: /remove the critical flag or the record, then choose Re-verify/,
  },
  {
    symptom: "SSL certificate missing: nothing answers HTTPS",
    change: { records: withoutRecord(TARGET, "A").concat({ name: TARGET, type: "A", value: "127.0.0.2" }) },
    domain: PRIMARY,
    check: "tls",
    message: /no SSL certificate is served for docs\.petstore\.example \(127\.0\.0\.2:\d+: .*ECONNREFUSED/,
    fix: /Confirm the domain still verifies.*CAA.*Re-verify.*30 minutes/,
  },
  {
    symptom: "non-private connection: the certificate expired",
    change: {},
    certificate: "expired",
    domain: PRIMARY,
    check: "tls",
    message: /the certificate for docs\.petstore\.example expired on \d{4}-\d{2}-\d{2}/,
    fix: /non-private connection.*wait a few minutes and retry in a private window.*Re-verify/,
  },
  {
    symptom: "non-private connection: the platform's default certificate, for another name",
    change: {},
    certificate: "platformDefault",
    domain: PRIMARY,
    check: "tls",
    message: /the certificate is for cname\.docs-platform\.example, not docs\.petstore\.example/,
    fix: /retry in a private window/,
  },
  {
    symptom: "non-private connection: a certificate no browser trusts",
    change: {},
    certificate: "untrusted",
    domain: PRIMARY,
    check: "tls",
    message: /the certificate for docs\.petstore\.example is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/,
    fix: /not yet provisioned or an old one is cached: wait a few minutes and retry in a private window/,
  },
  {
    symptom: "redirects misbehave: wrong status",
    change: {
      hosts: [
        [PRIMARY, { status: 200 }],
        [REDIRECT, { status: 302, location: keepingPath(PRIMARY) }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message: /answered 302, but domains\.json declares 301/,
    fix: /status 301.*private window or with a header-only request/,
  },
  {
    symptom: "redirects misbehave: a chain through the primary, shown hop by hop",
    change: {
      hosts: [
        [PRIMARY, { status: 308, location: keepingPath("www.petstore.example") }],
        [REDIRECT, { status: 301, location: keepingPath(PRIMARY) }],
        ["www.petstore.example", { status: 200 }],
      ],
      records: healthyRecords().concat({ name: "www.petstore.example", type: "CNAME", value: TARGET }),
    },
    domain: REDIRECT,
    check: "redirect",
    message:
      /^redirect chain of 2 hops: HEAD https:\/\/api-docs\.petstore\.example\/guide\/ → 301 https:\/\/docs\.petstore\.example\/guide\/ → 308 https:\/\/www\.petstore\.example\/guide\/ → 200\.$/,
    fix: /point api-docs\.petstore\.example straight at the final domain.*cache redirects \(and chains\) aggressively/,
  },
  {
    symptom: "redirects misbehave: the primary was removed, so it answers 404",
    change: {
      hosts: [
        [PRIMARY, { status: 404 }],
        [REDIRECT, { status: 301, location: keepingPath(PRIMARY) }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message:
      /^HEAD https:\/\/api-docs\.petstore\.example\/guide\/ → 301 https:\/\/docs\.petstore\.example\/guide\/ → 404: docs\.petstore\.example does not serve the docs \(404\), so the redirect leads to an error page\.$/,
    fix: /Check that docs\.petstore\.example is still attached to the project.*Removal stops serving traffic immediately: if docs\.petstore\.example was removed, point api-docs\.petstore\.example at the current primary/,
  },
  {
    symptom: "redirects misbehave: the primary fails with 500",
    change: {
      hosts: [
        [PRIMARY, { status: 500 }],
        [REDIRECT, { status: 301, location: keepingPath(PRIMARY) }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message: /→ 500: docs\.petstore\.example does not serve the docs \(500\)/,
    fix: /latest deploy succeeded/,
  },
  {
    symptom: "redirects misbehave: the primary does not answer at all",
    change: {
      hosts: [[REDIRECT, { status: 301, location: keepingPath(PRIMARY) }]],
      records: healthyRecords()
        .filter((r) => r.name !== PRIMARY)
        .concat({ name: PRIMARY, type: "A", value: "127.0.0.3" }),
    },
    domain: REDIRECT,
    check: "redirect",
    message:
      /^HEAD https:\/\/api-docs\.petstore\.example\/guide\/ → 301 https:\/\/docs\.petstore\.example\/guide\/ → no answer \(connect ECONNREFUSED 127\.0\.0\.3:\d+\): docs\.petstore\.example does not answer/,
    fix: /still attached to the project/,
  },
  {
    symptom: "redirects misbehave: a downgrade to http:// is named",
    change: {
      hosts: [
        [PRIMARY, { status: 200 }],
        [REDIRECT, { status: 301, location: keepingPath(PRIMARY, "http") }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message:
      /^HEAD https:\/\/api-docs\.petstore\.example\/guide\/ → 301 http:\/\/docs\.petstore\.example\/guide\/: a downgrade to http:\/\/, so visitors leave HTTPS/,
    fix: /make the redirect go to https:\/\/docs\.petstore\.example \(never http:\/\/\)/,
  },
  {
    symptom: "redirects misbehave: the path is dropped (a deep page is asked, not only /)",
    change: {
      hosts: [
        [PRIMARY, { status: 200 }],
        [REDIRECT, { status: 301, location: "https://docs.petstore.example/" }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message:
      /→ 301 https:\/\/docs\.petstore\.example\/ → 200: the redirect drops the path \(\/guide\/ became \/\), so every shared deep link lands on the home page/,
    fix: /keeping the path and query/,
  },
  {
    symptom: "redirects misbehave: the primary redirects back, a loop",
    change: {
      hosts: [
        [PRIMARY, { status: 302, location: keepingPath(REDIRECT) }],
        [REDIRECT, { status: 301, location: keepingPath(PRIMARY) }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message:
      /^redirect loop: HEAD https:\/\/api-docs\.petstore\.example\/guide\/ → 301 https:\/\/docs\.petstore\.example\/guide\/ → 302 https:\/\/api-docs\.petstore\.example\/guide\/: the docs are never served/,
    fix: /make docs\.petstore\.example serve the docs itself/,
  },
  {
    symptom: "redirects misbehave: the wrong target",
    change: {
      hosts: [
        [PRIMARY, { status: 200 }],
        [REDIRECT, { status: 301, location: "https://petstore.example/" }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message: /redirects to https:\/\/petstore\.example\/, not to docs\.petstore\.example/,
    fix: /set api-docs\.petstore\.example to redirect to docs\.petstore\.example with status 301/,
  },
  {
    symptom: "redirects misbehave: no redirect at all",
    change: {
      hosts: [
        [PRIMARY, { status: 200 }],
        [REDIRECT, { status: 200 }],
      ],
    },
    domain: REDIRECT,
    check: "redirect",
    message: /answered 200, not a 301 redirect/,
    fix: /header-only request/,
  },
];

describe("each troubleshooting row fails with what to change", () => {
  test.each(rows)("$symptom", async (row) => {
    const change = row.certificate
      ? { ...row.change, certificates: [[PRIMARY, lab.certs[row.certificate]]] as [string, TestCertificate][] }
      : row.change;
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
      {
        records: apexRecords([{ name: "petstore.example", type: "A", value: "127.0.0.1" }]),
        hosts: [["petstore.example", { status: 200 }]],
      },
      undefined,
      apexConfig(),
    );
    const form = line(results, "petstore.example", "form");
    expect(form.status).toBe("warn");
    expect(form.message).toMatch(
      /apex domain.*needs an ALIAS or ANAME record.*Not every DNS provider supports ALIAS\/ANAME/,
    );
    expect(line(results, "petstore.example", "alias").status).toBe("pass");
    expect(results.filter((r) => r.status === "fail")).toEqual([]);
  });

  test("fail when the apex A records are not the target's", async () => {
    const results = await check(
      { records: apexRecords([{ name: "petstore.example", type: "A", value: "127.0.0.8" }]) },
      undefined,
      apexConfig(),
    );
    const alias = line(results, "petstore.example", "alias");
    expect(alias.status).toBe("fail");
    expect(alias.message).toMatch(
      /answers with A 127\.0\.0\.8, not cname\.docs-platform\.example's addresses \(127\.0\.0\.1\)/,
    );
    expect(alias.fix).toMatch(/replace the A\/AAAA records.*ALIAS \(or ANAME\)/);
  });

  test("an apex with no records is told to add an ALIAS/ANAME, not to replace records it does not have", async () => {
    const alias = line(await check({ records: apexRecords([]) }, undefined, apexConfig()), "petstore.example", "alias");
    expect(alias).toMatchObject({
      status: "fail",
      message: "petstore.example has no A/AAAA records: no ALIAS/ANAME record is in place.",
    });
    expect(alias.fix).toMatch(
      /^At your DNS provider, add an ALIAS \(or ANAME\) record at petstore\.example pointing at cname\.docs-platform\.example, then choose Verify/,
    );
    expect(alias.fix).not.toMatch(/replace/);
  });

  test("fail when a CNAME sits at the apex", async () => {
    const results = await check(
      { records: apexRecords([{ name: "petstore.example", type: "CNAME", value: TARGET }]) },
      undefined,
      apexConfig(),
    );
    expect(line(results, "petstore.example", "alias")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/CNAME .* at the zone apex/),
    });
  });
});

describe("CAA (RFC 8659)", () => {
  const platformCaa = (value: string) =>
    withoutRecord("petstore.example", "CAA").concat(
      { name: "petstore.example", type: "CAA", value: "digicert.com" },
      { name: TARGET, type: "CAA", value },
    );

  test("a CNAME target's CAA records apply to the name and take precedence over its parent's", async () => {
    const result = line(await check({ records: platformCaa("letsencrypt.org") }, PRIMARY), PRIMARY, "caa");
    expect(result).toMatchObject({
      status: "pass",
      message: `CAA at ${TARGET} (the CNAME target of ${PRIMARY}) allows letsencrypt.org.`,
    });
  });

  test("a CNAME target's CAA records that block the CA send the user to the target's owner", async () => {
    const result = line(await check({ records: platformCaa("sectigo.com") }, PRIMARY), PRIMARY, "caa");
    expect(result.status).toBe("fail");
    expect(result.message).toBe(
      `CAA at ${TARGET} (the CNAME target of ${PRIMARY}) (0 issue "sectigo.com") does not allow letsencrypt.org, so the SSL certificate cannot be issued.`,
    );
    expect(result.fix).toMatch(
      /belong to cname\.docs-platform\.example, which docs\.petstore\.example points at.*Ask the owner of cname\.docs-platform\.example/,
    );
  });

  test.each([
    [
      "no CAA record anywhere",
      withoutRecord("petstore.example", "CAA"),
      /^no CAA records from docs\.petstore\.example up to \.example: any certificate authority may issue\.$/,
    ],
    [
      "CAA with only an iodef property",
      withoutRecord("petstore.example", "CAA").concat({
        name: "petstore.example",
        type: "CAA",
        tag: "iodef",
        value: "mailto:ops@petstore.example",
      }),
      /has no "issue" property: any certificate authority may issue/,
    ],
    [
      "an issue value with parameters",
      withoutRecord("petstore.example", "CAA").concat({
        name: "petstore.example",
        type: "CAA",
        value: "LetsEncrypt.org; validationmethods=http-01",
      }),
      /^CAA at petstore\.example allows letsencrypt\.org\.$/,
    ],
  ])("%s passes", async (_, records, message) => {
    expect(line(await check({ records }, PRIMARY), PRIMARY, "caa")).toMatchObject({
      status: "pass",
      message: expect.stringMatching(message),
    });
  });
});

test("a certificate with less than 14 days left is a warning, not a failure", async () => {
  const result = line(await check({ certificates: [[PRIMARY, lab.certs.expiringSoon]] }, PRIMARY), PRIMARY, "tls");
  expect(result.status).toBe("warn");
  expect(result.message).toMatch(/expires in [45] day\(s\)/);
});

test("a CNAME with another TTL than the procedure's 3600 is a warning", async () => {
  const records = withoutRecord(PRIMARY, "CNAME").concat({ name: PRIMARY, type: "CNAME", value: TARGET, ttl: 300 });
  expect(line(await check({ records }, PRIMARY), PRIMARY, "ttl")).toMatchObject({
    status: "warn",
    message: "the CNAME's TTL is 300 s; the procedure uses 3600 s.",
  });
});

test("checking one domain checks only that one, whatever its case", async () => {
  const results = await check({}, "API-Docs.Petstore.Example.");
  expect(new Set(results.map((r) => r.domain))).toEqual(new Set([REDIRECT]));
});

describe("bad input is one clear error", () => {
  test.each([
    [
      "a domain not in domains.json",
      "other.example",
      /^\[@petstore\/docs\] other\.example is not in domains\.json \(docs\.petstore\.example, api-docs\.petstore\.example\); add it there first/,
    ],
    [
      "a URL instead of a domain",
      "https://docs.petstore.example/",
      /^\[@petstore\/docs\] "https:\/\/docs\.petstore\.example\/" is not a domain name; pass the name alone, such as docs\.petstore\.example \(no scheme, port or path\)\.$/,
    ],
    ["a domain with a port", "docs.petstore.example:443", /is not a domain name/],
    ["a single label", "localhost", /"localhost" is not a domain name/],
  ])("%s", async (_, domain, message) => {
    await expect(check({}, domain)).rejects.toThrow(message);
  });

  test("a DNS server that refuses the names", async () => {
    await expect(check({ apexes: ["other.example"] })).rejects.toThrow(
      /^\[@petstore\/docs\] the DNS server answered REFUSED \(it does not resolve names for this machine\) for docs\.petstore\.example\.\nUse a resolver that answers for you, or pass another resolver with --dns/,
    );
  });

  test("a DNS server that never answers", async () => {
    const silent = createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    const { port } = silent.address();
    try {
      const ctx = { ...lab.context(config), query: createDnsQuery({ host: "127.0.0.1", port }, 200) };
      await expect(checkDomains(ctx)).rejects.toThrow(
        new RegExp(
          `^\\[@petstore/docs\\] DNS server 127\\.0\\.0\\.1:${port} did not answer SOA docs\\.petstore\\.example: .*\\nCheck that the DNS server is running and reachable from here`,
        ),
      );
    } finally {
      silent.close();
    }
  });
});

test("the healthy lab uses the checked-in domains.json unchanged", async () => {
  const raw = JSON.parse(await readFile(new URL("../domains.json", import.meta.url), "utf8"));
  expect(raw).toMatchObject({ platformTarget: TARGET, certificateAuthority: "letsencrypt.org" });
  expect(healthyHosts().map(([host]) => host)).toEqual([PRIMARY, REDIRECT]);
});
