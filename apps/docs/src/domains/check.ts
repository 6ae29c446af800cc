import { primaryDomain } from "./config";
import { checkCaa } from "./checks/caa";
import { checkDnsRecords } from "./checks/dns-records";
import { checkPrimaryServes, checkRedirect } from "./checks/redirects";
import { checkTls } from "./checks/tls";
import { isHostname, normaliseName } from "./names";
import type { CheckContext, CheckResult } from "./result";

/** Runs every check for one domain of the config, or every domain when `only` is not given. */
export async function checkDomains(ctx: CheckContext, only?: string): Promise<CheckResult[]> {
  const names = ctx.config.domains.map((d) => d.name);
  if (only !== undefined && !isHostname(only)) {
    throw new Error(`[@petstore/docs] "${only}" is not a domain name; pass the name alone, such as ${names[0]} (no scheme, port or path).`);
  }
  const wanted = only === undefined ? undefined : normaliseName(only);
  if (wanted && !names.includes(wanted)) {
    throw new Error(`[@petstore/docs] ${only} is not in domains.json (${names.join(", ")}); add it there first, or check one of those.`);
  }
  const primary = primaryDomain(ctx.config);
  // One question first, so an unreachable or unwilling DNS server is one clear error instead of a failure per check.
  const another = "or pass another resolver with --dns <ip[:port]> (or DOCS_DNS_SERVER).";
  let rcode: number;
  try {
    ({ rcode } = await ctx.query(primary, "SOA"));
  } catch (error) {
    throw new Error(`${(error as Error).message}\nCheck that the DNS server is running and reachable from here, ${another}`);
  }
  const refusal = { 2: "SERVFAIL (it could not resolve the name)", 5: "REFUSED (it does not resolve names for this machine)" }[rcode];
  if (refusal) throw new Error(`[@petstore/docs] the DNS server answered ${refusal} for ${primary}.\nUse a resolver that answers for you, ${another}`);
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
