import { checkServerIdentity, connect, rootCertificates, type PeerCertificate } from "node:tls";
import { resolveAddresses } from "../resolve";
import { DASHBOARD, type CheckContext, type CheckResult } from "../result";

const NON_PRIVATE =
  "Browsers report a non-private connection for this. The certificate is not yet provisioned or an old one is cached: wait a few minutes and retry in a private window. " +
  `If it persists after 30 minutes, choose Re-verify in ${DASHBOARD}.`;
const MISSING =
  `Confirm the domain still verifies (the DNS checks above), check that CAA records do not block the certificate authority, then choose Re-verify in ${DASHBOARD}. ` +
  "The certificate is usually issued within a couple of minutes of verification; re-verify if it is still missing after 30 minutes.";

function peerCertificate(
  host: string,
  domain: string,
  ctx: CheckContext,
): Promise<{ cert: PeerCertificate; authorizationError?: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host,
      port: ctx.httpsPort,
      servername: domain,
      rejectUnauthorized: false,
      ca: ctx.ca.length > 0 ? [...rootCertificates, ...ctx.ca] : undefined,
      timeout: ctx.timeoutMs,
    });
    socket.once("secureConnect", () => {
      const cert = socket.getPeerCertificate();
      const authorizationError = socket.authorizationError ? String(socket.authorizationError) : undefined;
      socket.end();
      if (!cert || Object.keys(cert).length === 0) reject(new Error("the server sent no certificate"));
      else resolve({ cert, authorizationError });
    });
    socket.once("timeout", () => socket.destroy(new Error(`no TLS answer within ${ctx.timeoutMs} ms`)));
    socket.once("error", reject);
  });
}

function names(cert: PeerCertificate): string {
  const san = cert.subjectaltname?.split(", ").map((n) => n.replace(/^DNS:/, "")) ?? [];
  return (san.length > 0 ? san : [cert.subject?.CN ?? "?"]).join(", ");
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The tls row when the DNS records are wrong: the certificate follows verification, so it is not judged yet. */
export function tlsNotChecked(domain: string): CheckResult {
  return {
    domain,
    check: "tls",
    status: "skip",
    message: `not checked because the DNS records of ${domain} are wrong: the platform issues the SSL certificate only after the domain verifies.`,
    fix: "Fix the DNS records above first; the certificate follows automatically within a couple of minutes of verification.",
  };
}

/** The certificate the domain serves over HTTPS: present, for this name, within its validity, trusted. */
export async function checkTls(ctx: CheckContext, domain: string): Promise<CheckResult> {
  const result = (status: CheckResult["status"], message: string, fix?: string): CheckResult => ({
    domain,
    check: "tls",
    status,
    message,
    ...(fix ? { fix } : {}),
  });
  const [address] = await resolveAddresses(ctx.query, domain);
  if (!address)
    return result(
      "skip",
      `${domain} has no address yet, so its certificate cannot be checked.`,
      "Fix the DNS records first.",
    );

  let peer: Awaited<ReturnType<typeof peerCertificate>>;
  try {
    peer = await peerCertificate(address, domain, ctx);
  } catch (error) {
    return result(
      "fail",
      `no SSL certificate is served for ${domain} (${address}:${ctx.httpsPort}: ${(error as Error).message}).`,
      MISSING,
    );
  }
  const { cert, authorizationError } = peer;
  const validFrom = new Date(cert.valid_from);
  const validTo = new Date(cert.valid_to);
  if (checkServerIdentity(domain, cert) !== undefined) {
    return result("fail", `the certificate is for ${names(cert)}, not ${domain}.`, NON_PRIVATE);
  }
  if (validTo <= ctx.now)
    return result("fail", `the certificate for ${domain} expired on ${day(validTo)}.`, NON_PRIVATE);
  if (validFrom > ctx.now)
    return result("fail", `the certificate for ${domain} is not valid before ${day(validFrom)}.`, NON_PRIVATE);
  if (authorizationError && !["CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID"].includes(authorizationError)) {
    return result("fail", `the certificate for ${domain} is not trusted (${authorizationError}).`, NON_PRIVATE);
  }
  const daysLeft = Math.floor((validTo.getTime() - ctx.now.getTime()) / 86_400_000);
  const issuer = cert.issuer?.O ?? cert.issuer?.CN ?? "unknown issuer";
  if (daysLeft < 14) {
    return result(
      "warn",
      `the certificate for ${domain} (${issuer}) expires in ${daysLeft} day(s), on ${day(validTo)}.`,
      `The platform renews it automatically; if it is not renewed within a few days, choose Re-verify in ${DASHBOARD}.`,
    );
  }
  return result("pass", `certificate for ${names(cert)} from ${issuer}, valid until ${day(validTo)}.`);
}
