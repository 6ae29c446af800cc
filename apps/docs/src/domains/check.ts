import { primaryDomain } from "./config";
import { checkCaa } from "./checks/caa";
import { checkDnsRecords } from "./checks/dns-records";
import { checkPrimaryServes, checkRedirect } from "./checks/redirects";
import { checkTls, tlsNotChecked } from "./checks/tls";
import { isHostname, normaliseName } from "./names";
import { checkRemoval } from "./removal";
import type { CheckContext, CheckResult } from "./result";

/** `domain` as the config spells it; a clear error when it is not a hostname or not in the config. */
function configuredDomain(ctx: CheckContext, domain: string): string {
  const names = ctx.config.domains.map((d) => d.name);
  if (!isHostname(domain)) {
    throw new Error(
      `[@petstore/docs] "${domain}" is not a domain name; pass the name alone, such as ${names[0]} (no scheme, port or path).`,
    );
  }
  const wanted = normaliseName(domain);
  if (!names.includes(wanted)) {
    throw new Error(
      `[@petstore/docs] ${domain} is not in domains.json (${names.join(", ")}); add it there first, or check one of those.`,
    );
  }
  return wanted;
}

/** One question first, so an unreachable or unwilling DNS server is one clear error instead of a failure per check. */
async function askDnsOnce(ctx: CheckContext): Promise<void> {
  const primary = primaryDomain(ctx.config);
  const another = "or pass another resolver with --dns <ip[:port]> (or DOCS_DNS_SERVER).";
  let rcode: number;
  try {
    ({ rcode } = await ctx.query(primary, "SOA"));
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\nCheck that the DNS server is running and reachable from here, ${another}`,
    );
  }
  const refusal = {
    2: "SERVFAIL (it could not resolve the name)",
    5: "REFUSED (it does not resolve names for this machine)",
  }[rcode];
  if (refusal)
    throw new Error(
      `[@petstore/docs] the DNS server answered ${refusal} for ${primary}.\nUse a resolver that answers for you, ${another}`,
    );
}

/** Runs every check for one domain of the config, or every domain when `only` is not given. */
export async function checkDomains(ctx: CheckContext, only?: string): Promise<CheckResult[]> {
  const wanted = only === undefined ? undefined : configuredDomain(ctx, only);
  const primary = primaryDomain(ctx.config);
  await askDnsOnce(ctx);
  const results: CheckResult[] = [];
  for (const domain of wanted ? [wanted] : ctx.config.domains.map((d) => d.name)) {
    const guarded = async (check: string, run: () => Promise<CheckResult | CheckResult[]>) => {
      try {
        results.push(...[await run()].flat());
      } catch (error) {
        results.push({
          domain,
          check,
          status: "fail",
          message: (error as Error).message.replace(/^\[@petstore\/docs\] /, ""),
          fix: "Check that the DNS server given with --dns (or DOCS_DNS_SERVER) answers.",
        });
      }
    };
    const before = results.length;
    await guarded("dns", () => checkDnsRecords(ctx, domain));
    const dnsFailed = results.slice(before).some((r) => r.status === "fail");
    await guarded("caa", () => checkCaa(ctx, domain));
    // The platform issues the certificate only after the DNS verifies, so a certificate problem then is no news.
    if (dnsFailed) results.push(tlsNotChecked(domain));
    else await guarded("tls", () => checkTls(ctx, domain));
    const redirect = ctx.config.redirects.find((r) => r.from === domain);
    if (redirect) await guarded("redirect", () => checkRedirect(ctx, redirect));
    if (domain === primary) await guarded("serves", () => checkPrimaryServes(ctx));
  }
  return results;
}

/** Checks whether `domain` can be removed now: it must redirect to the primary first (and the primary cannot go). */
export async function checkDomainRemoval(ctx: CheckContext, domain: string): Promise<CheckResult[]> {
  const wanted = configuredDomain(ctx, domain);
  await askDnsOnce(ctx);
  return checkRemoval(ctx, wanted);
}
