import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import schema from "../../domains.schema.json" with { type: "json" };

/** A redirect from one project domain to the primary. */
export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

/** `domains.json`: the project's custom domains and the platform settings their DNS must match. */
export interface DomainsConfig {
  platformTarget: string;
  certificateAuthority: string;
  ttl?: number;
  domains: { name: string; primary?: boolean }[];
  redirects: Redirect[];
}

/** A domains.json that is not valid; `problems` lists every reason, one sentence each. */
export class DomainsConfigError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`[@petstore/docs] ${source} is not a valid domains config:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "DomainsConfigError";
  }
}

const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true });
const validateSchema = ajv.compile<DomainsConfig>(schema);

function describeSchemaError(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll("/", ".") : "the config";
  switch (error.keyword) {
    case "required":
      return `${where} is missing "${error.params.missingProperty}"`;
    case "additionalProperties":
      return `${where} has an unknown field "${error.params.additionalProperty}"`;
    case "enum":
      return `${where} must be one of ${error.params.allowedValues.join(", ")} (a 3xx redirect status), not ${JSON.stringify(error.data)}`;
    case "pattern":
    case "maxLength":
      return `${where} must be a lower-case domain name without a trailing dot, such as docs.petstore.example, not ${JSON.stringify(error.data)}`;
    default:
      return `${where} ${error.message}`;
  }
}

/** The rules a schema cannot express: one primary, unique names, every redirect one hop to the primary. */
function semanticProblems(config: DomainsConfig): string[] {
  const problems: string[] = [];
  const names = config.domains.map((d) => d.name);
  for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`${name} is listed twice in domains`);

  const primaries = config.domains.filter((d) => d.primary).map((d) => d.name);
  if (primaries.length === 0) problems.push(`no domain has "primary": true; mark the one domain the docs are served on`);
  if (primaries.length > 1) {
    problems.push(`${primaries.length} domains are marked primary (${primaries.join(", ")}); a project has exactly one primary domain, make the others redirects`);
  }
  const primary = primaries.length === 1 ? primaries[0] : undefined;
  const redirectFrom = new Map<string, Redirect>();
  for (const redirect of config.redirects) {
    const label = `redirect ${redirect.from} → ${redirect.to}`;
    if (redirectFrom.has(redirect.from)) problems.push(`${redirect.from} has more than one redirect; keep one`);
    redirectFrom.set(redirect.from, redirect);
    if (!names.includes(redirect.from)) problems.push(`${label}: ${redirect.from} is not in domains; add it there (it needs its own DNS record)`);
    if (redirect.from === redirect.to) problems.push(`${label} redirects to itself; point it at the primary domain${primary ? ` ${primary}` : ""}`);
    else if (redirect.from === primary) problems.push(`${label}: the primary domain cannot redirect; make ${redirect.to} primary instead, or remove this redirect`);
  }
  for (const redirect of config.redirects) {
    if (redirect.from === redirect.to || redirect.from === primary) continue;
    const next = redirectFrom.get(redirect.to);
    if (next && next.from !== next.to) {
      problems.push(`redirect ${redirect.from} → ${redirect.to} → ${next.to} is a chain; point ${redirect.from} straight at ${next.to === primary ? "the primary " : ""}${next.to}`);
    } else if (primary && redirect.to !== primary) {
      problems.push(`redirect ${redirect.from} → ${redirect.to} does not end at the primary domain ${primary}; point it at ${primary}`);
    }
  }
  for (const name of names) {
    if (name !== primary && !redirectFrom.has(name) && primaries.length <= 1) {
      problems.push(`${name} is neither the primary nor redirected; add { "from": "${name}", "to": "${primary ?? "<primary>"}", "status": 301 } to redirects or remove it`);
    }
  }
  return problems;
}

/** Validates a parsed domains config against domains.schema.json and the one-primary, one-hop rules. */
export function validateDomainsConfig(value: unknown, source = "domains.json"): DomainsConfig {
  if (!validateSchema(value)) throw new DomainsConfigError(source, (validateSchema.errors ?? []).map(describeSchemaError));
  const problems = semanticProblems(value);
  if (problems.length > 0) throw new DomainsConfigError(source, problems);
  return value;
}

/** A path the user typed: pnpm runs package scripts inside apps/docs, and INIT_CWD is where the command was typed. */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** The domains config to read, as `shown` in messages: `--config`, then DOCS_DOMAINS_CONFIG, then apps/docs/domains.json. */
export function domainsConfigPath(option: string | undefined, env: NodeJS.ProcessEnv = process.env): { path: string; shown: string } {
  const text = option ?? (env.DOCS_DOMAINS_CONFIG || undefined);
  return text ? { path: userPath(text), shown: text } : { path: join(import.meta.dirname, "..", "..", "domains.json"), shown: "domains.json" };
}

/** Reads and validates a domains.json file. */
export async function loadDomainsConfig(path: string): Promise<DomainsConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new DomainsConfigError(path, [`cannot be read: ${(error as Error).message}`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DomainsConfigError(path, [`is not JSON: ${(error as Error).message}`]);
  }
  return validateDomainsConfig(value, path);
}

/** The primary domain of a valid config. */
export function primaryDomain(config: DomainsConfig): string {
  return config.domains.find((d) => d.primary)!.name;
}
