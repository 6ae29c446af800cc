// `pnpm docs:domains check [domain]`: checks the custom domains of domains.json against DNS, TLS and HTTP.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { checkDomainRemoval, checkDomains } from "./check";
import { domainsConfigPath, loadDomainsConfig, primaryDomain, userPath } from "./config";
import { createDnsQuery, parseDnsServer, systemDnsServer } from "./dns-client";
import { formatReport } from "./report";

const usage = `Usage: pnpm docs:domains check [domain] [options]
       pnpm docs:domains remove <domain> [options]

check   Checks each domain of domains.json (or only [domain]) against the custom-domain procedure:
        subdomain form, CNAME = platform target, no conflicting records, ALIAS/ANAME at an apex,
        CAA, the TLS certificate, and redirects that keep the path and reach the docs in one hop.
remove  Checks that <domain> can be removed now: it is not the primary and already redirects to it
        (removal stops serving traffic immediately, so the redirect comes first).
Both exit 1 when any check fails.

Options (environment variable in brackets):
  --config <file>     domains config                     [DOCS_DOMAINS_CONFIG]  default: apps/docs/domains.json
  --dns <ip[:port]>   DNS resolver to ask                [DOCS_DNS_SERVER]      default: this machine's resolver
                      (ask a public resolver too, to see whether a change has propagated)
  --https-port <n>    port for https:// requests         [DOCS_HTTPS_PORT]      default: 443
  --http-port <n>     port for http:// requests          [DOCS_HTTP_PORT]       default: 80
  --ca <file>         extra trusted CA certificate (PEM) [DOCS_CA_FILE]
  --timeout <ms>      timeout of each request                                   default: 5000
  --json              print the results as JSON
File paths are relative to the directory you run the command in.`;

function integer(text: string | undefined, fallback: number, name: string, what: string, max: number): number {
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`[@petstore/docs] ${name} must be ${what} from 1 to ${max}, not "${text}"`);
  return value;
}

const port = (text: string | undefined, fallback: number, name: string) =>
  integer(text, fallback, name, "a port", 65535);

/** A value from its option, else from its environment variable, with the name to quote in an error: the one the user set. */
function setting(
  optionValue: string | undefined,
  option: string,
  variable: string,
): { text: string | undefined; name: string } {
  return optionValue !== undefined
    ? { text: optionValue, name: option }
    : { text: process.env[variable], name: variable };
}

const options = {
  config: { type: "string" },
  dns: { type: "string" },
  "https-port": { type: "string" },
  "http-port": { type: "string" },
  ca: { type: "string" },
  timeout: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** A command line that cannot be run as given: the message is followed by the usage. */
class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    // Node's message adds advice on `--` that does not apply here; its first sentence says what is wrong.
    throw new UsageError(`[@petstore/docs] ${(error as Error).message.split(". ")[0]}`);
  }
}

async function readCa(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new Error(
      `[@petstore/docs] --ca ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); pass a PEM file of the CA that signed the certificates.`,
    );
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, domain, ...extra] = positionals;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if ((command !== "check" && command !== "remove") || extra.length > 0) {
    throw new UsageError(
      command ? `[@petstore/docs] unknown command "${positionals.join(" ")}"` : "[@petstore/docs] no command given",
    );
  }
  if (command === "remove" && domain === undefined)
    throw new UsageError(
      "[@petstore/docs] remove needs the domain to remove, such as pnpm docs:domains remove api-docs.petstore.example",
    );
  const env = process.env;
  const configFile = domainsConfigPath(values.config, env);
  const config = await loadDomainsConfig(configFile.path, configFile.shown);
  const dns = setting(values.dns, "--dns", "DOCS_DNS_SERVER");
  const server = dns.text ? parseDnsServer(dns.text, dns.name) : systemDnsServer();
  const timeoutMs = integer(values.timeout, 5000, "--timeout", "milliseconds", 600_000);
  const caFile = values.ca ?? env.DOCS_CA_FILE;
  const https = setting(values["https-port"], "--https-port", "DOCS_HTTPS_PORT");
  const httpsPort = port(https.text, 443, https.name);
  const http = setting(values["http-port"], "--http-port", "DOCS_HTTP_PORT");
  const httpPort = port(http.text, 80, http.name);
  const ctx = {
    config,
    query: createDnsQuery(server, Math.min(timeoutMs, 3000)),
    httpsPort,
    httpPort,
    ca: caFile ? [await readCa(userPath(caFile))] : [],
    now: new Date(),
    timeoutMs,
  };
  const results = command === "remove" ? await checkDomainRemoval(ctx, domain!) : await checkDomains(ctx, domain);
  if (values.json) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    const primary = primaryDomain(config);
    const roles = new Map(
      config.domains.map((d) => [
        d.name,
        d.name === primary ? "primary" : `redirect → ${config.redirects.find((r) => r.from === d.name)?.to}`,
      ]),
    );
    const what =
      command === "remove"
        ? `whether ${domain} of ${configFile.shown} can be removed`
        : `${domain ?? "every domain"} of ${configFile.shown}`;
    console.log(`Checking ${what} with DNS server ${server.host}:${server.port}\n`);
    console.log(formatReport(results, roles));
  }
  return results.some((r) => r.status === "fail") ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Every expected failure is an Error with a sentence for the user; a stack trace would only hide it.
  console.error(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) console.error(`\n${usage}`);
  process.exitCode = 2;
}
