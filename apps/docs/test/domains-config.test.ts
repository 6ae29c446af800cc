import { describe, expect, test } from "vitest";
import { DomainsConfigError, loadDomainsConfig, validateDomainsConfig } from "../src/domains/config";

const valid = () => ({
  platformTarget: "cname.docs-platform.example",
  certificateAuthority: "letsencrypt.org",
  domains: [{ name: "docs.petstore.example", primary: true }, { name: "api-docs.petstore.example" }, { name: "old-docs.petstore.example" }],
  redirects: [
    { from: "api-docs.petstore.example", to: "docs.petstore.example", status: 301 },
    { from: "old-docs.petstore.example", to: "docs.petstore.example", status: 308 },
  ],
});

test("the checked-in domains.json is valid", async () => {
  const config = await loadDomainsConfig(new URL("../domains.json", import.meta.url).pathname);
  expect(config.domains.find((d) => d.primary)?.name).toBe("docs.petstore.example");
  expect(config.redirects).toEqual([{ from: "api-docs.petstore.example", to: "docs.petstore.example", status: 301 }]);
});

test("a primary with several one-hop redirects is valid", () => {
  expect(validateDomainsConfig(valid())).toEqual(valid());
});

type Change = (c: ReturnType<typeof valid>) => void;
const invalid: [string, Change, string][] = [
  ["two primaries", (c) => { c.domains[1]!.primary = true; }, "2 domains are marked primary (docs.petstore.example, api-docs.petstore.example); a project has exactly one primary domain"],
  ["no primary", (c) => { delete (c.domains[0] as { primary?: boolean }).primary; }, 'no domain has "primary": true'],
  ["a redirect to itself", (c) => { c.redirects[0]!.to = "api-docs.petstore.example"; }, "redirect api-docs.petstore.example → api-docs.petstore.example redirects to itself; point it at the primary domain docs.petstore.example"],
  ["a chain", (c) => { c.redirects[1]!.to = "api-docs.petstore.example"; }, "redirect old-docs.petstore.example → api-docs.petstore.example → docs.petstore.example is a chain; point old-docs.petstore.example straight at the primary docs.petstore.example"],
  ["a 200 status", (c) => { (c.redirects[0] as { status: number }).status = 200; }, "redirects.0.status must be one of 301, 302, 307, 308 (a 3xx redirect status), not 200"],
  ["a 304 status", (c) => { (c.redirects[1] as { status: number }).status = 304; }, "redirects.1.status must be one of 301, 302, 307, 308 (a 3xx redirect status), not 304"],
  ["a redirect away from the primary", (c) => { c.redirects[0]!.to = "elsewhere.example"; }, "redirect api-docs.petstore.example → elsewhere.example does not end at the primary domain docs.petstore.example"],
  ["the primary redirecting", (c) => { c.redirects[0]!.from = "docs.petstore.example"; c.redirects[0]!.to = "api-docs.petstore.example"; }, "the primary domain cannot redirect"],
  ["a redirect from an unlisted domain", (c) => { c.redirects[1]!.from = "new.petstore.example"; }, "new.petstore.example is not in domains; add it there"],
  ["a domain that neither serves nor redirects", (c) => { c.redirects.pop(); }, 'old-docs.petstore.example is neither the primary nor redirected; add { "from": "old-docs.petstore.example", "to": "docs.petstore.example", "status": 301 } to redirects'],
  ["a duplicate domain", (c) => { c.domains.push({ name: "api-docs.petstore.example" }); }, "api-docs.petstore.example is listed twice in domains"],
  ["an upper-case name with a trailing dot", (c) => { c.platformTarget = "CNAME.example."; }, 'platformTarget must be a lower-case domain name without a trailing dot, such as docs.petstore.example, not "CNAME.example."'],
  ["a missing setting", (c) => { delete (c as { certificateAuthority?: string }).certificateAuthority; }, 'the config is missing "certificateAuthority"'],
  ["an unknown field", (c) => { (c.redirects[0] as Record<string, unknown>).code = 301; }, 'redirects.0 has an unknown field "code"'],
];

describe("invalid configs fail with a clear message", () => {
  test.each(invalid)("%s", (_, change, message) => {
    const config = valid();
    change(config);
    let error: unknown;
    try {
      validateDomainsConfig(config, "domains.json");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainsConfigError);
    expect((error as DomainsConfigError).problems.some((p) => p.includes(message)), (error as Error).message).toBe(true);
    expect((error as Error).message).toMatch(/^\[@petstore\/docs\] domains\.json is not a valid domains config:\n {2}- /);
  });
});

test("a file that is not JSON says so", async () => {
  await expect(loadDomainsConfig(new URL("../vitest.config.ts", import.meta.url).pathname)).rejects.toThrow(/is not JSON/);
});
