import { afterAll, beforeAll, expect, test } from "vitest";
import { checkDomainRemoval } from "../src/domains/check";
import { loadDomainsConfig, type DomainsConfig } from "../src/domains/config";
import {
  healthyHosts,
  keepingPath,
  PRIMARY,
  REDIRECT,
  runCli,
  startLab,
  type Lab,
  type LabChange,
} from "./helpers/scenario";

let lab: Lab;
let config: DomainsConfig;

beforeAll(async () => {
  lab = await startLab();
  config = await loadDomainsConfig(new URL("../domains.json", import.meta.url).pathname);
});
afterAll(async () => {
  await lab?.close();
});

async function removal(domain: string, change: LabChange = {}, cfg = config) {
  lab.reset(change);
  return checkDomainRemoval(lab.context(cfg), domain);
}

test("a domain that redirects to the primary can be removed, with the steps in order", async () => {
  const [redirect, verdict] = await removal(REDIRECT);
  expect(redirect).toMatchObject({ check: "redirect", status: "pass" });
  expect(verdict).toMatchObject({ domain: REDIRECT, check: "remove", status: "pass" });
  expect(verdict!.message).toBe(
    `${REDIRECT} redirects to ${PRIMARY} (301, checked just now), so links to it reach the docs. To remove it: in Project settings → Domains, open the menu next to ${REDIRECT} and choose Remove, then delete ${REDIRECT} from "domains" and its entry from "redirects" in domains.json. Removal stops serving traffic immediately: remove it once nobody uses the old address.`,
  );
});

test("a domain that does not redirect yet cannot be removed: set the redirect up first", async () => {
  const [redirect, verdict] = await removal(REDIRECT, {
    hosts: [
      [PRIMARY, { status: 200 }],
      [REDIRECT, { status: 200 }],
    ],
  });
  expect(redirect).toMatchObject({ check: "redirect", status: "fail" });
  expect(verdict).toMatchObject({
    check: "remove",
    status: "fail",
    message: `${REDIRECT} does not redirect to ${PRIMARY} yet (the redirect row above). Removal stops serving traffic immediately, so every link to ${REDIRECT} would break.`,
  });
  expect(verdict!.fix).toMatch(
    /^Set up the redirect first: in Project settings → Domains, set api-docs\.petstore\.example to redirect to docs\.petstore\.example with status 301, run this command again/,
  );
});

test("a redirect whose primary is gone is no safe redirect either", async () => {
  const [redirect, verdict] = await removal(REDIRECT, {
    hosts: [[REDIRECT, { status: 301, location: keepingPath(PRIMARY) }]],
  });
  expect(redirect!.message).toMatch(/→ 404: docs\.petstore\.example does not serve the docs/);
  expect(verdict!.status).toBe("fail");
});

test("a temporary redirect is a warning: make it permanent before removing", async () => {
  const temporary: DomainsConfig = { ...config, redirects: [{ from: REDIRECT, to: PRIMARY, status: 302 }] };
  const [, verdict] = await removal(
    REDIRECT,
    {
      hosts: [
        [PRIMARY, { status: 200 }],
        [REDIRECT, { status: 302, location: keepingPath(PRIMARY) }],
      ],
    },
    temporary,
  );
  expect(verdict).toMatchObject({
    status: "warn",
    fix: expect.stringMatching(/^Before removing it, make the redirect permanent \(301 or 308/),
  });
});

test("the primary, which the redirects point at, cannot be removed", async () => {
  const results = await removal(PRIMARY, { hosts: healthyHosts() });
  expect(results).toEqual([
    {
      domain: PRIMARY,
      check: "remove",
      status: "fail",
      message: `${PRIMARY} is the primary domain: it serves the docs and ${REDIRECT} redirects to it. Removal stops serving traffic immediately, so removing it would take the docs offline.`,
      fix: `First make another domain primary (in Project settings → Domains and domains.json) and point every redirect at it; then make ${PRIMARY} a redirect to the new primary, check it with pnpm docs:domains check ${PRIMARY}, and remove ${PRIMARY} last.`,
    },
  ]);
});

test("pnpm docs:domains remove prints the check and exits 0 only when the removal is safe", async () => {
  lab.reset();
  const safe = await runCli(lab, ["remove", REDIRECT]);
  expect(safe.stderr).toBe("");
  expect(safe.stdout).toMatch(
    new RegExp(
      `^Checking whether ${REDIRECT} of domains\\.json can be removed with DNS server 127\\.0\\.0\\.1:\\d+\\n\\n${REDIRECT} \\(redirect → ${PRIMARY}\\)\\n  PASS redirect .*\\n  PASS remove   ${REDIRECT} redirects to ${PRIMARY} \\(301, checked just now\\)`,
    ),
  );
  expect(safe.code).toBe(0);
  const primary = await runCli(lab, ["remove", PRIMARY]);
  expect(primary.stdout).toContain(`  FAIL remove   ${PRIMARY} is the primary domain`);
  expect(primary.code).toBe(1);
  const missing = await runCli(lab, ["remove"]);
  expect(missing.stderr).toMatch(
    /^\[@petstore\/docs\] remove needs the domain to remove, such as pnpm docs:domains remove api-docs\.petstore\.example\n\nUsage:/,
  );
  expect(missing.code).toBe(2);
});
