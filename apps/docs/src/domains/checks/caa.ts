import type { DnsRecord } from "../dns-client";
import { normaliseName, selfAndParents } from "../names";
import { DASHBOARD, PROPAGATION, type CheckContext, type CheckResult } from "../result";

/** The issuer domain of a CAA `issue` value: `letsencrypt.org; validationmethods=dns-01` → `letsencrypt.org`. */
export function caaIssuer(value: string): string {
  return normaliseName(value.split(";")[0] ?? "");
}

/**
 * The relevant CAA RRset per RFC 8659 §3: the first non-empty one from the domain up its parents, not the root.
 * Resolution follows CNAMEs, so a CNAME target's CAA records apply to the name that points at it.
 */
async function relevantCaa(
  ctx: CheckContext,
  domain: string,
): Promise<{ owner: string; via?: string; records: DnsRecord[] } | undefined> {
  for (const name of selfAndParents(domain)) {
    const { answers } = await ctx.query(name, "CAA");
    const records = answers.filter((r) => r.type === "CAA" && r.caa);
    const owner = records[0]?.name;
    if (owner) return owner === name ? { owner, records } : { owner, via: name, records };
  }
  return undefined;
}

/** Whether CAA records let the platform's certificate authority issue a certificate for the domain (RFC 8659). */
export async function checkCaa(ctx: CheckContext, domain: string): Promise<CheckResult> {
  const ca = normaliseName(ctx.config.certificateAuthority);
  const found = await relevantCaa(ctx, domain);
  if (!found) {
    return {
      domain,
      check: "caa",
      status: "pass",
      message: `no CAA records from ${domain} up to .${selfAndParents(domain).at(-1)}: any certificate authority may issue.`,
    };
  }
  const shown = found.records.map((r) => r.value).join(", ");
  const where = found.via ? `${found.owner} (the CNAME target of ${found.via})` : found.owner;
  // Records at a CNAME target belong to whoever runs the target: the user cannot change them at their DNS provider.
  const fix = found.via
    ? `These CAA records belong to ${found.owner}, which ${found.via} points at, so they apply to it (RFC 8659). Ask the owner of ${found.owner} (the platform's support, if it is the platform target) to allow ${ca}, then choose Re-verify in ${DASHBOARD}.`
    : `At your DNS provider, add a CAA record at ${found.owner}: 0 issue "${ca}" (keep your other issuers), then choose Re-verify in ${DASHBOARD} to trigger a new certificate attempt. ${PROPAGATION}`;
  const unknownCritical = found.records.filter(
    (r) =>
      (r.caa!.flags & 128) !== 0 &&
      !["issue", "issuewild", "iodef", "issuemail", "contactemail", "contactphone"].includes(r.caa!.tag),
  );
  if (unknownCritical.length > 0) {
    const remove = found.via
      ? fix
      : `At your DNS provider, remove the critical flag or the record, then choose Re-verify in ${DASHBOARD}.`;
    return {
      domain,
      check: "caa",
      status: "fail",
      message: `CAA at ${where} has a critical property the CA does not know (${unknownCritical.map((r) => r.value).join(", ")}), so no CA may issue.`,
      fix: remove,
    };
  }
  const issue = found.records.filter((r) => r.caa!.tag === "issue");
  if (issue.length === 0) {
    return {
      domain,
      check: "caa",
      status: "pass",
      message: `CAA at ${where} (${shown}) has no "issue" property: any certificate authority may issue.`,
    };
  }
  if (issue.some((r) => caaIssuer(r.caa!.value) === ca)) {
    return { domain, check: "caa", status: "pass", message: `CAA at ${where} allows ${ca}.` };
  }
  return {
    domain,
    check: "caa",
    status: "fail",
    message: `CAA at ${where} (${shown}) does not allow ${ca}, so the SSL certificate cannot be issued.`,
    fix,
  };
}
