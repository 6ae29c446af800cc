// `pnpm docs:domains check [domain]`: checks the custom domains of domains.json against DNS, TLS and HTTP.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { checkDomains } from "./check";
import { loadDomainsConfig, primaryDomain } from "./config";
import { createDnsQuery, parseDnsServer, systemDnsServer } from "./dns-client";
import { formatReport } from "./report";

const usage = `Usage: pnpm docs:domains check [domain] [options]

Checks each domain of domains.json (or only [domain]) against the custom-domain procedure:
subdomain form, CNAME = platform target, no conflicting records, ALIAS/ANAME at an apex,
CAA, the TLS certificate and one-hop redirects. Exits 1 when any check fails.

Options (environment variable in brackets):
  --config <file>     domains config                     [DOCS_DOMAINS_CONFIG]  default: apps/docs/domains.json
  --dns <ip[:port]>   DNS server to ask                  [DOCS_DNS_SERVER]      default: this machine's resolver
  --https-port <n>    port for https:// requests         [DOCS_HTTPS_PORT]      default: 443
  --http-port <n>     port for http:// requests          [DOCS_HTTP_PORT]       default: 80
  --ca <file>         extra trusted CA certificate (PEM) [DOCS_CA_FILE]
  --timeout <ms>      timeout of each request                                   default: 5000
  --json              print the results as JSON`;

function integer(text: string | undefined, fallback: number, name: string, what: string, max: number): number {
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`[@petstore/docs] ${name} must be ${what} from 1 to ${max}, not "${text}"`);
  return value;
}

const port = (text: string | undefined, fallback: number, name: string) => integer(text, fallback, name, "a port", 65535);

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: "string" },
      dns: { type: "string" },
      "https-port": { type: "string" },
      "http-port": { type: "string" },
      ca: { type: "string" },
      timeout: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, domain, ...extra] = positionals;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (command !== "check" || extra.length > 0) {
    console.error(`${command ? `[@petstore/docs] unknown command "${[command, ...extra.slice(0)].join(" ")}"\n\n` : ""}${usage}`);
    return 2;
  }
  const env = process.env;
  const configPath = values.config ?? env.DOCS_DOMAINS_CONFIG ?? join(import.meta.dirname, "..", "..", "domains.json");
  const config = await loadDomainsConfig(configPath);
  const dnsText = values.dns ?? env.DOCS_DNS_SERVER;
  const server = dnsText ? parseDnsServer(dnsText) : systemDnsServer();
  const timeoutMs = integer(values.timeout, 5000, "--timeout", "milliseconds", 600_000);
  const caFile = values.ca ?? env.DOCS_CA_FILE;
  const results = await checkDomains(
    {
      config,
      query: createDnsQuery(server, Math.min(timeoutMs, 3000)),
      httpsPort: port(values["https-port"] ?? env.DOCS_HTTPS_PORT, 443, "--https-port"),
      httpPort: port(values["http-port"] ?? env.DOCS_HTTP_PORT, 80, "--http-port"),
      ca: caFile ? [await readFile(caFile, "utf8")] : [],
      now: new Date(),
      timeoutMs,
    },
    domain,
  );
  if (values.json) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    const primary = primaryDomain(config);
    const roles = new Map(config.domains.map((d) => [d.name, d.name === primary ? "primary" : `redirect → ${config.redirects.find((r) => r.from === d.name)?.to}`]));
    console.log(`Checking ${domain ?? "every domain"} of ${configPath.replace(`${process.cwd()}/`, "")} with DNS server ${server.host}:${server.port}\n`);
    console.log(formatReport(results, roles));
  }
  return results.some((r) => r.status === "fail") ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
