// `pnpm --filter @petstore/docs lab [healthy|no-dns|broken|removed-primary]`: the tests' DNS and HTTPS servers on fixed loopback ports, so
// `pnpm docs:domains check` can be tried, and the README's output reproduced, without a real domain.
import { join } from "node:path";
import { labScenarios, startLab } from "../test/helpers/scenario";

const usage = `Usage: pnpm --filter @petstore/docs lab [scenario]

Serves a scenario on loopback until Ctrl+C (default: healthy):
  healthy   every record, certificate and redirect in place
  no-dns    right after Add domain: no CNAME added at the DNS provider yet
  broken    an A record left at docs, a CAA record for another CA, a 302 instead of the declared 301
  removed-primary  docs answers 404 (removed from the project) while api-docs still redirects to it
Environment: LAB_DNS_PORT (default 5300), LAB_HTTPS_PORT (default 8443).`;

// pnpm forwards the `--` of `pnpm --filter @petstore/docs lab -- no-dns` verbatim.
const args = process.argv.slice(2);
if (args[0] === "--") args.shift();
if (args[0] === "--help" || args[0] === "-h") {
  console.log(usage);
  process.exit(0);
}
if (args.length > 1) {
  console.error(
    `[@petstore/docs] the lab takes one scenario, got ${args.map((arg) => `"${arg}"`).join(" ")}\n\n${usage}`,
  );
  process.exit(2);
}
const name = args[0] ?? "healthy";
const dnsPort = Number(process.env.LAB_DNS_PORT ?? 5300);
const httpsPort = Number(process.env.LAB_HTTPS_PORT ?? 8443);

const scenario = Object.hasOwn(labScenarios, name) ? labScenarios[name] : undefined;
if (!scenario) {
  console.error(
    `[@petstore/docs] unknown lab scenario "${name}"; use one of: ${Object.keys(labScenarios).join(", ")}\n\n${usage}`,
  );
  process.exit(2);
}
for (const [variable, port] of [
  ["LAB_DNS_PORT", dnsPort],
  ["LAB_HTTPS_PORT", httpsPort],
] as const) {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`[@petstore/docs] ${variable} must be a port from 1 to 65535, not "${process.env[variable]}"`);
    process.exit(2);
  }
}

try {
  const lab = await startLab({ dnsPort, httpsPort, caFile: join(import.meta.dirname, "..", ".lab", "ca.pem") });
  lab.reset(scenario());
  // Handlers before the first line of output: a signal sent as soon as it appears must not find the default (kill).
  const stop = () => void lab.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  console.log(
    `[@petstore/docs] lab "${name}": DNS on 127.0.0.1:${dnsPort} (UDP), HTTPS on 127.0.0.1:${httpsPort}, serving domains.json's names.`,
  );
  console.log("[@petstore/docs] in another terminal, from the repository root:");
  console.log(
    `  pnpm docs:domains check --dns 127.0.0.1:${dnsPort} --https-port ${httpsPort} --ca apps/docs/.lab/ca.pem`,
  );
  console.log("[@petstore/docs] press Ctrl+C to stop.");
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === "EADDRINUSE"
      ? `[@petstore/docs] port ${dnsPort} (DNS) or ${httpsPort} (HTTPS) is in use; choose others with LAB_DNS_PORT=5301 LAB_HTTPS_PORT=8444`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
}
