/** Lower-cases a DNS name and drops its trailing dot, so `Cname.Example.` equals `cname.example`. */
export function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/\.+$/, "");
}

/** The name and each of its parents up to, not including, the root: a.b.example → a.b.example, b.example, example. */
export function selfAndParents(name: string): string[] {
  const labels = normaliseName(name).split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}

/** The first label of `name` relative to `zone`: docs.petstore.example in petstore.example → "docs". */
export function relativeName(name: string, zone: string): string {
  const n = normaliseName(name);
  const z = normaliseName(zone);
  return n === z ? "@" : n.endsWith(`.${z}`) ? n.slice(0, -(z.length + 1)) : n;
}

// The rule of `$defs/hostname` in domains.schema.json: two or more letter-digit-hyphen labels, the last starting with a letter.
const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether `name` is a domain name such as docs.petstore.example (any case, an optional trailing dot). */
export function isHostname(name: string): boolean {
  const normal = normaliseName(name);
  return normal.length <= 253 && HOSTNAME.test(normal);
}
