import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { LineCounter, parseDocument } from "yaml";
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

/** One problem of a config, and where in it (a JSON path) when that is known. */
interface Problem {
  message: string;
  path?: (string | number)[];
}

/** The loop `redirect` starts, as the domains in it (from where the loop closes), or undefined when it ends. */
function loopFrom(redirect: Redirect, redirectFrom: Map<string, Redirect>): string[] | undefined {
  const seen = [redirect.from];
  let current = redirect.to;
  while (!seen.includes(current)) {
    const next = redirectFrom.get(current);
    if (!next) return undefined;
    seen.push(current);
    current = next.to;
  }
  return seen.slice(seen.indexOf(current));
}

/** `, and point a, b straight at it`, or nothing when no domain is left to point. */
const pointAt = (names: string[], primary: string) =>
  names.length === 0 ? "" : `, and point ${names.join(", ")} straight at ${primary}`;

/** The rules a schema cannot express: one primary, unique names, every redirect one hop to the primary, removal order. */
function semanticProblems(config: DomainsConfig): Problem[] {
  const problems: Problem[] = [];
  const names = config.domains.map((d) => d.name);
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i && names.indexOf(name) === names.lastIndexOf(name, i - 1))
      problems.push({ message: `${name} is listed twice in domains`, path: ["domains", i] });
  });

  const primaries = config.domains.filter((d) => d.primary).map((d) => d.name);
  if (primaries.length === 0)
    problems.push({
      message: `no domain has "primary": true; mark the one domain the docs are served on`,
      path: ["domains"],
    });
  if (primaries.length > 1) {
    problems.push({
      message: `${primaries.length} domains are marked primary (${primaries.join(", ")}); a project has exactly one primary domain, make the others redirects`,
      path: ["domains"],
    });
  }
  const primary = primaries.length === 1 ? primaries[0] : undefined;
  const redirectFrom = new Map<string, Redirect>();
  config.redirects.forEach((redirect, i) => {
    if (redirectFrom.has(redirect.from))
      problems.push({ message: `${redirect.from} has more than one redirect; keep one`, path: ["redirects", i] });
    else redirectFrom.set(redirect.from, redirect);
  });
  config.redirects.forEach((redirect, i) => {
    const label = `redirect ${redirect.from} → ${redirect.to}`;
    const path = ["redirects", i];
    if (!names.includes(redirect.from)) {
      // The usual way here: the domain was taken out of `domains` to remove it, and its redirect was left behind.
      problems.push({
        message: `${label}: ${redirect.from} is not in domains. Removing a domain removes its redirect too, so if you removed ${redirect.from}, delete this redirect as well (the checked way: with both entries still in place, pnpm docs:domains remove ${redirect.from} confirms the redirect works before you choose Remove in the dashboard). If you are adding ${redirect.from}, list it in domains.`,
        path: [...path, "from"],
      });
    }
    if (redirect.from === redirect.to)
      problems.push({
        message: `${label} redirects to itself; point it at the primary domain${primary ? ` ${primary}` : ""}`,
        path: [...path, "to"],
      });
    else if (redirect.from === primary && !names.includes(redirect.to)) {
      // The usual way here: the old primary was taken out of `domains` and this domain made primary in its place.
      problems.push({
        message: `${label}: the primary domain cannot redirect, and ${redirect.to} is not in domains; delete this redirect. If you removed ${redirect.to}, the old primary, and its URL was shared: removal stops serving traffic immediately, so set up a redirect first. List ${redirect.to} in domains with { "from": "${redirect.to}", "to": "${primary}", "status": 301 } in redirects, set the same redirect in the dashboard, check it with pnpm docs:domains remove ${redirect.to}, and choose Remove only then.`,
        path,
      });
    } else if (redirect.from === primary && !loopFrom(redirect, redirectFrom))
      problems.push({
        message: `${label}: the primary domain cannot redirect; make ${redirect.to} primary instead, or remove this redirect`,
        path,
      });
  });

  const loops = new Set<string>();
  const removedTargets = new Map<string, string[]>();
  config.redirects.forEach((redirect, i) => {
    if (redirect.from === redirect.to || redirect.from === primary) return;
    const path = ["redirects", i, "to"];
    const loop = loopFrom(redirect, redirectFrom);
    if (loop) {
      const key = [...loop].sort().join(" ");
      if (!loops.has(key)) {
        loops.add(key);
        const end = !primary
          ? "make one domain primary (it serves the docs and redirects nowhere) and point the others straight at it"
          : loop.includes(primary)
            ? `the primary ${primary} must serve the docs and redirect nowhere: delete the redirect from ${primary}${pointAt(
                loop.filter((name) => name !== primary && redirectFrom.get(name)?.to !== primary),
                primary,
              )}`
            : `point each of them straight at the primary ${primary}`;
        problems.push({
          message: `redirects ${[...loop, loop[0]].join(" → ")} form a loop, so none of them serves the docs; ${end}`,
          path,
        });
      }
      return;
    }
    const next = redirectFrom.get(redirect.to);
    if (next && next.from !== next.to) {
      problems.push({
        message: `redirect ${redirect.from} → ${redirect.to} → ${next.to} is a chain; point ${redirect.from} straight at ${next.to === primary ? "the primary " : ""}${next.to}`,
        path,
      });
    } else if (!names.includes(redirect.to)) {
      removedTargets.set(redirect.to, [...(removedTargets.get(redirect.to) ?? []), redirect.from]);
      if (primary) {
        problems.push({
          message: `redirect ${redirect.from} → ${redirect.to}: ${redirect.to} is not in domains, and a removed domain serves nothing, so ${redirect.from} would redirect into an error; point it at the primary ${primary}`,
          path,
        });
      }
    } else if (primary && redirect.to !== primary) {
      problems.push({
        message: `redirect ${redirect.from} → ${redirect.to} does not end at the primary domain ${primary}; point it at ${primary}`,
        path,
      });
    }
  });
  if (!primary && primaries.length === 0) {
    for (const [target, froms] of removedTargets) {
      problems.push({
        message: `${target} is not in domains, but ${froms.join(", ")} still redirect${froms.length === 1 ? "s" : ""} to it: removing the domain others point at stops serving them all. Set up the new primary first: mark another domain "primary", point every redirect at it and check it with pnpm docs:domains check; then make ${target} a redirect to it, and remove ${target} last.`,
        path: ["redirects"],
      });
    }
  }
  names.forEach((name, i) => {
    if (name !== primary && !redirectFrom.has(name) && primaries.length <= 1) {
      problems.push({
        message: `${name} is neither the primary nor redirected; add { "from": "${name}", "to": "${primary ?? "<primary>"}", "status": 301 } to redirects or remove it`,
        path: ["domains", i],
      });
    }
  });
  return problems;
}

/** `line L, column C: ` for a JSON path in the source text, or nothing when the text is not known. */
function locate(text: string | undefined): (path: (string | number)[] | undefined) => string {
  if (text === undefined) return () => "";
  const lines = new LineCounter();
  // JSON is YAML, and the yaml parser keeps the source range of every node.
  const document = parseDocument(text, { lineCounter: lines });
  return (path) => {
    if (!path) return "";
    const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
    const offset = node?.range?.[0] ?? (path.length === 0 ? 0 : undefined);
    if (offset === undefined) return "";
    const { line, col } = lines.linePos(offset);
    return `line ${line}, column ${col}: `;
  };
}

const jsonPath = (instancePath: string) =>
  instancePath
    ? instancePath
        .slice(1)
        .split("/")
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
    : [];

/** Validates a parsed domains config against domains.schema.json and the one-primary, one-hop rules; `text`, its source, adds line and column to each problem. */
export function validateDomainsConfig(value: unknown, source = "domains.json", text?: string): DomainsConfig {
  const at = locate(text);
  if (!validateSchema(value)) {
    throw new DomainsConfigError(
      source,
      (validateSchema.errors ?? []).map((error) => `${at(jsonPath(error.instancePath))}${describeSchemaError(error)}`),
    );
  }
  const problems = semanticProblems(value);
  if (problems.length > 0)
    throw new DomainsConfigError(
      source,
      problems.map((p) => `${at(p.path)}${p.message}`),
    );
  return value;
}

/** Where JSON.parse stopped, as line and column, with the line itself and a caret under the column. */
function describeJsonError(text: string, error: Error): string {
  const position = Number(/at position (\d+)/.exec(error.message)?.[1] ?? text.length);
  const before = text.slice(0, position).split("\n");
  const line = before.length;
  const column = before.at(-1)!.length + 1;
  const reason = error.message
    .replace(/ in JSON at position \d+.*$/, "")
    .replace(/^Unexpected end of JSON input$/, "the file ends too early");
  const source = text.split("\n")[line - 1] ?? "";
  return `line ${line}, column ${column}: not valid JSON: ${reason}\n      ${source}\n      ${" ".repeat(column - 1)}^`;
}

/** A path the user typed: pnpm runs package scripts inside apps/docs, and INIT_CWD is where the command was typed. */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/** The domains config to read, as `shown` in messages: `--config`, then DOCS_DOMAINS_CONFIG, then apps/docs/domains.json. */
export function domainsConfigPath(
  option: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { path: string; shown: string } {
  const text = option ?? (env.DOCS_DOMAINS_CONFIG || undefined);
  return text
    ? { path: userPath(text), shown: text }
    : { path: join(import.meta.dirname, "..", "..", "domains.json"), shown: "domains.json" };
}

/** Reads and validates a domains.json file; messages name it as `shown` (by default its path). */
export async function loadDomainsConfig(path: string, shown = path): Promise<DomainsConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new DomainsConfigError(shown, [`cannot be read: ${(error as Error).message}`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DomainsConfigError(shown, [describeJsonError(text, error as Error)]);
  }
  return validateDomainsConfig(value, shown, text);
}

/** The primary domain of a valid config. */
export function primaryDomain(config: DomainsConfig): string {
  return config.domains.find((d) => d.primary)!.name;
}
