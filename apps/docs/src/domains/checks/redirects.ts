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

/** A deep page of the docs: a redirect must keep the path, or every shared link lands on the home page. */
const DEEP_PATH = "/guide/";
/** More hops than any sane setup has; a browser gives up at about 20. */
const MAX_HOPS = 5;

/** One answer on the way: the URL asked, its status, and where it sent the client next. */
interface Hop {
  url: URL;
  status: number;
  next?: URL;
}

/** `HEAD a → 301 b → 200`: every hop with its status, so a chain is readable hop by hop. */
function trail(start: URL, hops: Hop[], end?: string): string {
  const parts = [`HEAD ${start.href}`];
  for (const hop of hops) parts.push(hop.next ? `${hop.status} ${hop.next.href}` : String(hop.status));
  if (end) parts.push(end);
  return parts.join(" → ");
}

/**
 * A redirect domain answers HEAD of a deep page with the declared status and a Location on the primary with the same
 * path, over HTTPS, and the primary serves that page (2xx) without redirecting again.
 */
export async function checkRedirect(ctx: CheckContext, redirect: Redirect): Promise<CheckResult> {
  const { from, to, status } = redirect;
  const result = (state: CheckResult["status"], message: string, fix?: string): CheckResult => ({
    domain: from,
    check: "redirect",
    status: state,
    message,
    ...(fix ? { fix } : {}),
  });
  const start = new URL(`https://${from}${DEEP_PATH}`);
  const settings = `In ${DASHBOARD}, set ${from} to redirect to ${to} with status ${status}. ${CACHED}`;
  const hops: Hop[] = [];
  let url = start;
  for (;;) {
    let answer: Awaited<ReturnType<typeof head>>;
    try {
      answer = await head(ctx, url);
    } catch (error) {
      if (hops.length === 0)
        return result(
          "fail",
          `HEAD ${start.href} got no answer (${reason(error)}).`,
          `Fix the DNS and certificate checks above first, then re-run this check.`,
        );
      return result(
        "fail",
        `${trail(start, hops, `no answer (${reason(error)})`)}: ${url.hostname} does not answer, so the redirect leads nowhere.`,
        `Check that ${url.hostname} is still attached to the project in ${DASHBOARD} and that the latest deploy succeeded. Removal stops serving traffic immediately: if it was removed, point ${from} at the current primary first.`,
      );
    }
    const hop: Hop = { url, status: answer.status };
    hops.push(hop);
    if (!isRedirect(answer.status)) break;
    const shown = trail(start, hops.slice(0, -1), String(answer.status));
    if (!answer.location) return result("fail", `${shown} without a Location header.`, settings);
    try {
      hop.next = new URL(answer.location, url);
    } catch {
      return result("fail", `${shown} with an invalid Location "${answer.location}".`, settings);
    }
    if (hop.next.protocol !== "https:") {
      return result(
        "fail",
        `${trail(start, hops)}: a downgrade to ${hop.next.protocol}//, so visitors leave HTTPS (browsers warn or refuse).`,
        `In ${DASHBOARD}, make the redirect go to https://${to} (never http://), with status ${status}. ${CACHED}`,
      );
    }
    if (hops.length === 1) {
      if (normaliseName(hop.next.hostname) !== to)
        return result("fail", `HEAD ${start.href} redirects to ${hop.next.href}, not to ${to}.`, settings);
      if (answer.status !== status) {
        return result(
          "fail",
          `HEAD ${start.href} answered ${answer.status}, but domains.json declares ${status}.`,
          `${settings} Or change the status in domains.json if ${answer.status} is what you want.`,
        );
      }
    }
    if (hops.some((h) => h.url.href === hop.next!.href)) {
      return result(
        "fail",
        `redirect loop: ${trail(start, hops)}: the docs are never served.`,
        `In ${DASHBOARD}, make ${to} serve the docs itself (the primary never redirects) and point ${from} straight at it. ${CACHED}`,
      );
    }
    if (hops.length >= MAX_HOPS)
      return result(
        "fail",
        `more than ${MAX_HOPS} redirects: ${trail(start, hops)}.`,
        `Point ${from} straight at ${to}, which must serve the docs itself. ${CACHED}`,
      );
    url = hop.next;
  }
  const final = hops.at(-1)!;
  if (hops.length === 1)
    return result("fail", `HEAD ${start.href} answered ${final.status}, not a ${status} redirect.`, settings);
  if (hops.length > 2) {
    return result(
      "fail",
      `redirect chain of ${hops.length - 1} hops: ${trail(start, hops)}.`,
      `Make ${to} serve the docs directly, and point ${from} straight at the final domain in ${DASHBOARD}: one hop. ${CACHED}`,
    );
  }
  if (final.status < 200 || final.status > 299) {
    return result(
      "fail",
      `${trail(start, hops)}: ${to} does not serve the docs (${final.status}), so the redirect leads to an error page.`,
      `Check that ${to} is still attached to the project in ${DASHBOARD} and that the latest deploy succeeded. Removal stops serving traffic immediately: if ${to} was removed, point ${from} at the current primary.`,
    );
  }
  if (final.url.pathname + final.url.search !== start.pathname + start.search) {
    return result(
      "fail",
      `${trail(start, hops)}: the redirect drops the path (${start.pathname} became ${final.url.pathname}), so every shared deep link lands on the home page.`,
      `In ${DASHBOARD}, make ${from} redirect to ${to} keeping the path and query. ${CACHED}`,
    );
  }
  return result("pass", `${trail(start, hops)}: one hop, path kept, ${to} serves the docs.`);
}

/** The primary domain serves the docs itself instead of redirecting elsewhere. */
export async function checkPrimaryServes(ctx: CheckContext): Promise<CheckResult> {
  const primary = primaryDomain(ctx.config);
  const url = new URL(`https://${primary}/`);
  const result = (state: CheckResult["status"], message: string, fix?: string): CheckResult => ({
    domain: primary,
    check: "serves",
    status: state,
    message,
    ...(fix ? { fix } : {}),
  });
  try {
    const { status, location } = await head(ctx, url);
    if (isRedirect(status)) {
      return result(
        "fail",
        `the primary domain redirects (${status} → ${location ?? "?"}); every redirect to it becomes a chain.`,
        `Make ${primary} the domain that serves the docs, or make the other domain primary in ${DASHBOARD}. ${CACHED}`,
      );
    }
    if (status >= 400)
      return result(
        "fail",
        `HEAD ${url.href} answered ${status}.`,
        `Check that the latest deploy succeeded and that ${primary} is verified in ${DASHBOARD}.`,
      );
    return result("pass", `HEAD ${url.href} answered ${status}.`);
  } catch (error) {
    return result(
      "fail",
      `HEAD ${url.href} got no answer (${reason(error)}).`,
      `Fix the DNS and certificate checks above first, then re-run this check.`,
    );
  }
}
