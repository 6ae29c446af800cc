// `pnpm --filter @petstore/docs lab [healthy|no-dns|broken]`: the tests' DNS and HTTPS servers on fixed loopback ports, so
// `pnpm docs:domains check` can be tried, and the README's output reproduced, without a real domain.
import { join } from "node:path";
import { labScenarios, startLab } from "../test/helpers/scenario";

const name = process.argv[2] ?? "healthy";
const dnsPort = Number(process.env.LAB_DNS_PORT ?? 5300);
const httpsPort = Number(process.env.LAB_HTTPS_PORT ?? 8443);

const scenario = Object.hasOwn(labScenarios, name) ? labScenarios[name] : undefined;
if (!scenario) {
  console.error(`[@petstore/docs] unknown lab scenario "${name}"; use one of: ${Object.keys(labScenarios).join(", ")}`);
  process.exit(2);
}
for (const [variable, port] of [["LAB_DNS_PORT", dnsPort], ["LAB_HTTPS_PORT", httpsPort]] as const) {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`[@petstore/docs] ${variable} must be a port from 1 to 65535, not "${process.env[variable]}"`);
    process.exit(2);
  }
}

try {
  const lab = await startLab({ dnsPort, httpsPort, caFile: join(import.meta.dirname, "..", ".lab", "ca.pem") });
  lab.reset(scenario());
  console.log(`[@petstore/docs] lab "${name}": DNS on 127.0.0.1:${dnsPort} (UDP), HTTPS on 127.0.0.1:${httpsPort}, serving domains.json's names.`);
  console.log("[@petstore/docs] in another terminal, from the repository root:");
  console.log(`  pnpm docs:domains check --dns 127.0.0.1:${dnsPort} --https-port ${httpsPort} --ca apps/docs/.lab/ca.pem`);
  console.log("[@petstore/docs] press Ctrl+C to stop.");
  const stop = () => void lab.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === "EADDRINUSE"
      ? `[@petstore/docs] port ${dnsPort} (DNS) or ${httpsPort} (HTTPS) is in use; choose others with LAB_DNS_PORT=5301 LAB_HTTPS_PORT=8444`
      : error instanceof Error ? error.message : error,
  );
  process.exit(1);
}
