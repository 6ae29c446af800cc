import { describe, expect, test } from "vitest";
import { caaIssuer } from "../src/domains/checks/caa";
import { parseDnsServer, systemDnsServer } from "../src/domains/dns-client";
import { isHostname, normaliseName, relativeName, selfAndParents } from "../src/domains/names";
import { formatReport } from "../src/domains/report";

describe("names", () => {
  test("normaliseName lower-cases and drops a trailing dot", () => {
    expect(normaliseName(" CNAME.Docs-Platform.Example. ")).toBe("cname.docs-platform.example");
  });

  test("selfAndParents walks up to, not including, the root", () => {
    expect(selfAndParents("a.b.example.")).toEqual(["a.b.example", "b.example", "example"]);
  });

  test.each([
    ["docs.petstore.example", "petstore.example", "docs"],
    ["a.b.petstore.example", "petstore.example", "a.b"],
    ["petstore.example", "petstore.example", "@"],
    ["docs.other.example", "petstore.example", "docs.other.example"],
  ])("relativeName(%s, %s) is %s", (name, zone, label) => {
    expect(relativeName(name, zone)).toBe(label);
  });

  test.each([
    ["docs.petstore.example", true],
    ["Docs.Petstore.Example.", true],
    ["xn--bcher-kva.example", true],
    ["localhost", false],
    ["https://docs.petstore.example/", false],
    ["docs.petstore.example:443", false],
    ["docs..example", false],
    ["-docs.example", false],
    ["docs.123", false],
    [`${"a".repeat(64)}.example`, false],
  ])("isHostname(%j) is %s", (name, expected) => {
    expect(isHostname(name)).toBe(expected);
  });
});

describe("DNS server addresses", () => {
  test.each([
    ["127.0.0.1", { host: "127.0.0.1", port: 53 }],
    ["127.0.0.1:5300", { host: "127.0.0.1", port: 5300 }],
    ["[::1]:5300", { host: "::1", port: 5300 }],
    ["[::1]", { host: "::1", port: 53 }],
  ])("parseDnsServer(%s)", (text, address) => {
    expect(parseDnsServer(text)).toEqual(address);
  });

  test.each(["dns.example", "127.0.0.1:0", "127.0.0.1:70000", "::1:53", ""])(
    "parseDnsServer rejects %j with the expected form",
    (text) => {
      expect(() => parseDnsServer(text)).toThrow(
        `[@petstore/docs] --dns must be an IP address with an optional port, such as 127.0.0.1:5353, not "${text}"`,
      );
    },
  );

  test("systemDnsServer is the first resolver, IPv4 or IPv6, in the form node:dns lists them", () => {
    expect(systemDnsServer(["192.0.2.53:5300", "192.0.2.54"])).toEqual({ host: "192.0.2.53", port: 5300 });
    expect(systemDnsServer(["2001:db8::53"])).toEqual({ host: "2001:db8::53", port: 53 });
    expect(systemDnsServer(["[2001:db8::53]:5300"])).toEqual({ host: "2001:db8::53", port: 5300 });
  });

  test("systemDnsServer says what to do when there is no resolver", () => {
    expect(() => systemDnsServer([])).toThrow(
      "[@petstore/docs] this machine has no DNS resolver configured; pass --dns <ip:port>",
    );
  });
});

test.each([
  ["letsencrypt.org", "letsencrypt.org"],
  ["LetsEncrypt.org.; validationmethods=dns-01", "letsencrypt.org"],
  [";", ""],
])("caaIssuer(%j) is %j", (value, issuer) => {
  expect(caaIssuer(value)).toBe(issuer);
});

test("formatReport groups lines by domain, shows fixes only for problems and counts every status", () => {
  const text = formatReport(
    [
      { domain: "docs.example", check: "cname", status: "pass", message: "ok", fix: "never shown" },
      { domain: "docs.example", check: "tls", status: "fail", message: "expired", fix: "wait" },
      { domain: "old.example", check: "form", status: "warn", message: "apex" },
      { domain: "old.example", check: "tls", status: "skip", message: "no address" },
    ],
    new Map([["docs.example", "primary"]]),
  );
  expect(text).toBe(
    [
      "docs.example (primary)",
      "  PASS cname    ok",
      "  FAIL tls      expired",
      "                fix: wait",
      "",
      "old.example (domain)",
      "  WARN form     apex",
      "  SKIP tls      no address",
      "",
      "1 passed, 1 failed, 1 warning(s), 1 skipped.",
    ].join("\n"),
  );
});
