import type { DnsRecord } from "../dns-client";
import { normaliseName, selfAndParents } from "../names";
import { DASHBOARD, PROPAGATION, type CheckContext, type CheckResult } from "../result";

/** The issuer domain of a CAA `issue` value: `letsencrypt.org; validationmethods=dns-01` → `letsencrypt.org`. */
export function caaIssuer(value: string): string {
  return normaliseName(value.split(";")[0] ?? "");
}

/** The relevant CAA RRset per RFC 8659 §3: the first non-empty one from the domain up its parents, not the root. */
async function relevantCaa(ctx: CheckContext, domain: string): Promise<{ owner: string; records: DnsRecord[] } | undefined> {
  for (const name of selfAndParents(domain)) {
    const { answers } = await ctx.query(name, "CAA");
    const records = answers.filter((r) => r.type === "CAA" && r.caa);
    if (records.length > 0) return { owner: name, records };
  }
  return undefined;
}

/** Whether CAA records let the platform's certificate authority issue a certificate for the domain (RFC 8659). */
export async function checkCaa(ctx: CheckContext, domain: string): Promise<CheckResult> {
  const ca = normaliseName(ctx.config.certificateAuthority);
  const found = await relevantCaa(ctx, domain);
  if (!found) {
    return { domain, check: "caa", status: "pass", message: `no CAA records from ${domain} up to .${selfAndParents(domain).at(-1)}: any certificate authority may issue.` };
  }
  const shown = found.records.map((r) => r.value).join(", ");
  const fix = `At your DNS provider, add a CAA record at ${found.owner}: 0 issue "${ca}" (keep your other issuers), then choose Re-verify in ${DASHBOARD} to trigger a new certificate attempt. ${PROPAGATION}`;
  const unknownCritical = found.records.filter((r) => (r.caa!.flags & 128) !== 0 && !["issue", "issuewild", "iodef", "issuemail", "contactemail", "contactphone"].includes(r.caa!.tag));
  if (unknownCritical.length > 0) {
    return { domain, check: "caa", status: "fail", message: `CAA at ${found.owner} has a critical property the CA does not know (${unknownCritical.map((r) => r.value).join(", ")}), so no CA may issue.`, fix: `At your DNS provider, remove the critical flag or the record, then choose Re-verify in ${DASHBOARD}.` };
  }
  const issue = found.records.filter((r) => r.caa!.tag === "issue");
  if (issue.length === 0) {
    return { domain, check: "caa", status: "pass", message: `CAA at ${found.owner} (${shown}) has no "issue" property: any certificate authority may issue.` };
  }
  if (issue.some((r) => caaIssuer(r.caa!.value) === ca)) {
    return { domain, check: "caa", status: "pass", message: `CAA at ${found.owner} allows ${ca}.` };
  }
  return { domain, check: "caa", status: "fail", message: `CAA at ${found.owner} (${shown}) does not allow ${ca}, so the SSL certificate cannot be issued.`, fix };
}
