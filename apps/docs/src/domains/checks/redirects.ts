import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { primaryDomain, type Redirect } from "../config";
import { normaliseName } from "../names";
import { resolveAddresses } from "../resolve";
import { DASHBOARD, type CheckContext, type CheckResult } from "../result";

const CACHED =
  "Browsers cache redirects (and chains) aggressively: re-test in a private window or with a header-only request such as curl -I.";

/** The status and Location of a HEAD request to `url`, sent to the address DNS gives for its host. */
async function head(ctx: CheckContext, url: URL): Promise<{ status: number; location?: string }> {
  const host = normaliseName(url.hostname);
  const [address] = await resolveAddresses(ctx.query, host);
  if (!address) throw new Error(`${host} has no address`);
  const https = url.protocol === "https:";
  const port = url.port ? Number(url.port) : https ? ctx.httpsPort : ctx.httpPort;
  const send = https ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send({
      host: address,
      port,
      method: "HEAD",
      path: `${url.pathname}${url.search}`,
      headers: { host: url.host, "user-agent": "@petstore/docs domain check" },
      servername: host,
      rejectUnauthorized: false, // the tls check judges the certificate; here only the redirect counts
      agent: false,
      timeout: ctx.timeoutMs,
    });
    req.once("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.once("timeout", () => req.destroy(new Error(`no answer within ${ctx.timeoutMs} ms`)));
    req.once("error", reject);
    req.end();
  });
}

const reason = (error: unknown) => (error as Error).message.replace(/^\[@petstore\/docs\] /, "");

const isRedirect = (status: number) => status >= 300 && status < 400;

/** A redirect domain answers HEAD with the declared status and a Location on the primary, which answers without redirecting again. */
export async function checkRedirect(ctx: CheckContext, redirect: Redirect): Promise<CheckResult> {
  const { from, to, status } = redirect;
  const result = (state: CheckResult["status"], message: string, fix?: string): CheckResult => ({ domain: from, check: "redirect", status: state, message, ...(fix ? { fix } : {}) });
  const start = new URL(`https://${from}/`);
  let first: Awaited<ReturnType<typeof head>>;
  try {
    first = await head(ctx, start);
  } catch (error) {
    return result("fail", `HEAD ${start.href} got no answer (${reason(error)}).`, `Fix the DNS and certificate checks above first, then re-run this check.`);
  }
  const settings = `In ${DASHBOARD}, set ${from} to redirect to ${to} with status ${status}. ${CACHED}`;
  if (!isRedirect(first.status)) return result("fail", `HEAD ${start.href} answered ${first.status}, not a ${status} redirect.`, settings);
  if (!first.location) return result("fail", `HEAD ${start.href} answered ${first.status} without a Location header.`, settings);
  let location: URL;
  try {
    location = new URL(first.location, start);
  } catch {
    return result("fail", `HEAD ${start.href} answered ${first.status} with an invalid Location "${first.location}".`, settings);
  }
  if (normaliseName(location.hostname) !== to) {
    return result("fail", `HEAD ${start.href} redirects to ${location.href}, not to ${to}.`, settings);
  }
  if (first.status !== status) {
    return result("fail", `HEAD ${start.href} answered ${first.status}, but domains.json declares ${status}.`, `${settings} Or change the status in domains.json if ${first.status} is what you want.`);
  }
  let second: Awaited<ReturnType<typeof head>>;
  try {
    second = await head(ctx, location);
  } catch (error) {
    return result("fail", `${from} redirects to ${location.href}, which got no answer (${reason(error)}).`, `Check ${to} itself: it must serve the docs.`);
  }
  if (isRedirect(second.status)) {
    return result("fail", `redirect chain: ${start.href} → ${location.href} → ${second.location ?? "?"} (${first.status}, then ${second.status}).`,
      `Make ${to} serve the docs directly, and point ${from} straight at the final domain in ${DASHBOARD}. ${CACHED}`);
  }
  return result("pass", `HEAD ${start.href} → ${first.status} ${location.href} in one hop; ${to} answers ${second.status}.`);
}

/** The primary domain serves the docs itself instead of redirecting elsewhere. */
export async function checkPrimaryServes(ctx: CheckContext): Promise<CheckResult> {
  const primary = primaryDomain(ctx.config);
  const url = new URL(`https://${primary}/`);
  const result = (state: CheckResult["status"], message: string, fix?: string): CheckResult => ({ domain: primary, check: "serves", status: state, message, ...(fix ? { fix } : {}) });
  try {
    const { status, location } = await head(ctx, url);
    if (isRedirect(status)) {
      return result("fail", `the primary domain redirects (${status} → ${location ?? "?"}); every redirect to it becomes a chain.`, `Make ${primary} the domain that serves the docs, or make the other domain primary in ${DASHBOARD}. ${CACHED}`);
    }
    if (status >= 400) return result("fail", `HEAD ${url.href} answered ${status}.`, `Check that the latest deploy succeeded and that ${primary} is verified in ${DASHBOARD}.`);
    return result("pass", `HEAD ${url.href} answered ${status}.`);
  } catch (error) {
    return result("fail", `HEAD ${url.href} got no answer (${reason(error)}).`, `Fix the DNS and certificate checks above first, then re-run this check.`);
  }
}
