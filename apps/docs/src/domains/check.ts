import { primaryDomain } from "./config";
import { checkCaa } from "./checks/caa";
import { checkDnsRecords } from "./checks/dns-records";
import { checkPrimaryServes, checkRedirect } from "./checks/redirects";
import { checkTls } from "./checks/tls";
import { normaliseName } from "./names";
import type { CheckContext, CheckResult } from "./result";

/** Runs every check for one domain of the config, or every domain when `only` is not given. */
export async function checkDomains(ctx: CheckContext, only?: string): Promise<CheckResult[]> {
  const names = ctx.config.domains.map((d) => d.name);
  const wanted = only ? normaliseName(only) : undefined;
  if (wanted && !names.includes(wanted)) {
    throw new Error(`[@petstore/docs] ${only} is not in domains.json (${names.join(", ")}); add it there first, or check one of those.`);
  }
  const primary = primaryDomain(ctx.config);
  // One question first, so an unreachable DNS server is one clear error instead of a failure per check.
  await ctx.query(primary, "SOA");
  const results: CheckResult[] = [];
  for (const domain of wanted ? [wanted] : names) {
    const guarded = async (check: string, run: () => Promise<CheckResult | CheckResult[]>) => {
      try {
        results.push(...[await run()].flat());
      } catch (error) {
        results.push({ domain, check, status: "fail", message: (error as Error).message.replace(/^\[@petstore\/docs\] /, ""), fix: "Check that the DNS server given with --dns (or DOCS_DNS_SERVER) answers." });
      }
    };
    await guarded("dns", () => checkDnsRecords(ctx, domain));
    await guarded("caa", () => checkCaa(ctx, domain));
    await guarded("tls", () => checkTls(ctx, domain));
    const redirect = ctx.config.redirects.find((r) => r.from === domain);
    if (redirect) await guarded("redirect", () => checkRedirect(ctx, redirect));
    if (domain === primary) await guarded("serves", () => checkPrimaryServes(ctx));
  }
  return results;
}
