import type { DnsRecord } from "../dns-client";
import { normaliseName, relativeName } from "../names";
import { recordsAt, resolveAddresses, zoneOf } from "../resolve";
import { DASHBOARD, PROPAGATION, type CheckContext, type CheckResult } from "../result";

// A CNAME cannot share its name with any other record (RFC 1034 §3.6.2); these are the types a DNS provider's
// dashboard lets users add. A/AAAA are the usual culprits, left over from a previous host.
const OTHER_TYPES = ["A", "AAAA", "MX", "TXT", "NS", "CAA", "SRV"] as const;

function list(records: DnsRecord[]): string {
  return records.map((r) => `${r.type} ${r.value}`).join(", ");
}

/** Records at `name` other than the CNAME, which the CNAME cannot coexist with. */
async function conflictingRecords(ctx: CheckContext, name: string): Promise<DnsRecord[]> {
  const found = await Promise.all(OTHER_TYPES.map((type) => recordsAt(ctx.query, name, type)));
  return found.flat();
}

/**
 * The domain's form and DNS records: a subdomain needs exactly one CNAME equal to the platform target and nothing
 * else at its name; an apex needs ALIAS/ANAME, seen by resolvers as the target's own A/AAAA records.
 */
export async function checkDnsRecords(ctx: CheckContext, domain: string): Promise<CheckResult[]> {
  const target = normaliseName(ctx.config.platformTarget);
  const ttl = ctx.config.ttl ?? 3600;
  const { apex, zone } = await zoneOf(ctx.query, domain);
  const label = relativeName(domain, apex ? domain : zone);
  const results: CheckResult[] = [];
  const result = (check: string, status: CheckResult["status"], message: string, fix?: string) =>
    results.push({ domain, check, status, message, ...(fix ? { fix } : {}) });

  const cnames = await recordsAt(ctx.query, domain, "CNAME");
  const others = await conflictingRecords(ctx, domain);
  const addRecord = `add a record: Type CNAME, Name ${label}, Value ${target}, TTL ${ttl}`;

  if (apex) {
    result(
      "form",
      "warn",
      `${domain} is an apex domain (the zone ${zone} itself): a CNAME is not allowed there, it needs an ALIAS or ANAME record pointing at ${target}. Not every DNS provider supports ALIAS/ANAME.`,
      `If your provider has no ALIAS/ANAME, serve the docs on a subdomain such as docs.${domain} (a CNAME) and redirect ${domain} to it.`,
    );
    if (cnames.length > 0) {
      result(
        "alias",
        "fail",
        `${domain} has a CNAME (${cnames[0]!.value}) at the zone apex, which breaks its SOA/NS records.`,
        `At your DNS provider, delete the CNAME at ${domain} and add an ALIAS/ANAME record pointing at ${target}, then choose Verify in ${DASHBOARD}. ${PROPAGATION}`,
      );
      return results;
    }
    const expected = new Set(await resolveAddresses(ctx.query, target));
    const actual = others.filter((r) => r.type === "A" || r.type === "AAAA");
    const fix = `At your DNS provider, replace the A/AAAA records at ${domain} with an ALIAS (or ANAME) record pointing at ${target}, then choose Verify in ${DASHBOARD}. ${PROPAGATION}`;
    if (expected.size === 0) {
      result(
        "alias",
        "fail",
        `the platform target ${target} does not resolve, so the apex cannot be compared with it.`,
        `Check platformTarget against the value shown in ${DASHBOARD}.`,
      );
    } else if (actual.length === 0) {
      result(
        "alias",
        "fail",
        `${domain} has no A/AAAA records: no ALIAS/ANAME record is in place.`,
        `At your DNS provider, add an ALIAS (or ANAME) record at ${domain} pointing at ${target}, then choose Verify in ${DASHBOARD}. If your provider has no ALIAS/ANAME, serve the docs on a subdomain instead. ${PROPAGATION}`,
      );
    } else if (actual.every((r) => expected.has(r.value)) && actual.length === expected.size) {
      result(
        "alias",
        "pass",
        `${domain} answers with ${target}'s addresses (${[...expected].join(", ")}): ALIAS/ANAME is in place.`,
      );
    } else {
      result(
        "alias",
        "fail",
        `${domain} answers with ${list(actual)}, not ${target}'s addresses (${[...expected].join(", ")}).`,
        fix,
      );
    }
    return results;
  }

  result(
    "form",
    "pass",
    `${domain} is a subdomain of ${zone} (<subdomain>.<your_domain>): it needs a CNAME record named "${label}".`,
  );
  const cname = cnames[0];
  if (cname && others.length > 0) {
    result(
      "cname",
      "fail",
      `${domain} has a CNAME and also ${list(others)}: a CNAME cannot share its name with other records, so verification fails.`,
      `At your DNS provider, delete the ${[...new Set(others.map((r) => r.type))].join("/")} record(s) named "${label}", keep the CNAME, then choose Verify in ${DASHBOARD}. ${PROPAGATION}`,
    );
  } else if (!cname && others.length > 0) {
    result(
      "cname",
      "fail",
      `${domain} has no CNAME, and ${list(others)} at the same name blocks it.`,
      `At your DNS provider, delete the ${[...new Set(others.map((r) => r.type))].join("/")} record(s) named "${label}", ${addRecord}, then choose Verify in ${DASHBOARD}. ${PROPAGATION}`,
    );
  } else if (!cname) {
    result(
      "cname",
      "fail",
      `${domain} has no CNAME record.`,
      `At your DNS provider, ${addRecord}, then choose Verify in ${DASHBOARD}. If you added it already, wait: ${PROPAGATION}`,
    );
  } else if (cname.value !== target) {
    result(
      "cname",
      "fail",
      `the CNAME of ${domain} is ${cname.value}, not the platform target ${target}.`,
      `At your DNS provider, change the value of the CNAME "${label}" to exactly ${target} (as shown in ${DASHBOARD}), then choose Verify. ${PROPAGATION}`,
    );
  } else {
    result("cname", "pass", `CNAME ${label} → ${target} (TTL ${cname.ttl}).`);
    if (cname.ttl !== ttl) {
      result(
        "ttl",
        "warn",
        `the CNAME's TTL is ${cname.ttl} s; the procedure uses ${ttl} s.`,
        `Optional: set the TTL of the CNAME "${label}" to ${ttl} at your DNS provider.`,
      );
    }
  }
  return results;
}
