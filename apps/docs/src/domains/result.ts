import type { DomainsConfig } from "./config";
import type { DnsQuery } from "./dns-client";

/** How one check ended: `fail` makes the command exit non-zero; `warn` and `skip` do not. */
type CheckStatus = "pass" | "fail" | "warn" | "skip";

/** One line of the report. `fix` says what to change at the DNS provider or in the dashboard. */
export interface CheckResult {
  domain: string;
  check: string;
  status: CheckStatus;
  message: string;
  fix?: string;
}

/** Everything a check needs: the config, a DNS client and where to reach the domains over HTTP(S). */
export interface CheckContext {
  config: DomainsConfig;
  query: DnsQuery;
  /** Port for https:// requests. Defaults to 443. */
  httpsPort: number;
  /** Port for http:// requests. Defaults to 80. */
  httpPort: number;
  /** Extra trusted CA certificates (PEM), for test setups. Defaults to none. */
  ca: string[];
  /** The clock certificates are judged by. Defaults to now. */
  now: Date;
  /** Timeout of each network request in milliseconds. Defaults to 5000. */
  timeoutMs: number;
}

/** What to do after changing DNS, said once in every DNS fix. */
export const PROPAGATION = "DNS changes can take up to 48 hours to propagate; most resolve within minutes.";
/** Where the dashboard's domain actions are. */
export const DASHBOARD = "Project settings → Domains";
