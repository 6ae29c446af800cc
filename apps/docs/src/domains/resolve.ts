import type { DnsQuery, DnsRecord } from "./dns-client";
import { normaliseName } from "./names";

/** The records of `type` owned by `name` itself, not reached through a CNAME. */
export async function recordsAt(query: DnsQuery, name: string, type: Parameters<DnsQuery>[1]): Promise<DnsRecord[]> {
  const { answers } = await query(name, type);
  const owner = normaliseName(name);
  return answers.filter((r) => r.type === type && r.name === owner);
}

/** The addresses `name` resolves to, following up to 8 CNAMEs as a resolver would. */
export async function resolveAddresses(query: DnsQuery, name: string): Promise<string[]> {
  let current = normaliseName(name);
  for (let hop = 0; hop < 8; hop++) {
    const [v4, v6] = await Promise.all([query(current, "A"), query(current, "AAAA")]);
    const addresses = [...v4.answers, ...v6.answers]
      .filter((r) => r.type === "A" || r.type === "AAAA")
      .map((r) => r.value);
    if (addresses.length > 0) return addresses;
    const cname = (await recordsAt(query, current, "CNAME"))[0];
    if (!cname) return [];
    current = cname.value;
  }
  return [];
}

/** Whether `name` is a zone apex (has its own SOA), and the zone it belongs to. */
export async function zoneOf(query: DnsQuery, name: string): Promise<{ apex: boolean; zone: string }> {
  const owner = normaliseName(name);
  const { answers, authorities } = await query(owner, "SOA");
  if (answers.some((r) => r.type === "SOA" && r.name === owner)) return { apex: true, zone: owner };
  const soa = [...answers, ...authorities].find((r) => r.type === "SOA" && owner.endsWith(`.${r.name}`));
  if (soa) return { apex: false, zone: soa.name };
  // No SOA seen (some forwarders drop the authority section): a two-label name is taken to be an apex.
  const labels = owner.split(".");
  return labels.length <= 2 ? { apex: true, zone: owner } : { apex: false, zone: labels.slice(1).join(".") };
}
