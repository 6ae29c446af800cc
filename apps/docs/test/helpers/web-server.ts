import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { createSecureContext, type SecureContext } from "node:tls";
import { generate } from "selfsigned";

/** A certificate and its key, PEM. */
export interface TestCertificate {
  cert: string;
  key: string;
}

/**
 * Makes a self-signed certificate for `names`, valid between the two dates. Give each certificate its own
 * `organization` (without commas, which cut it short): OpenSSL finds a trusted issuer by subject, so two
 * certificates with the same subject would be confused.
 */
export async function makeCertificate(
  names: string[],
  notBefore: Date,
  notAfter: Date,
  organization = "Test platform CA",
): Promise<TestCertificate> {
  const pems = await generate(
    [
      { name: "commonName", value: names[0]! },
      { name: "organizationName", value: organization },
    ],
    {
      keyType: "ec",
      algorithm: "sha256",
      notBeforeDate: notBefore,
      notAfterDate: notAfter,
      extensions: [
        { name: "basicConstraints", cA: true },
        { name: "subjectAltName", altNames: names.map((value) => ({ type: 2, value })) },
      ],
    },
  );
  return { cert: pems.cert, key: pems.private };
}

/** How a host answers: a status and an optional Location, fixed or made from the requested path (and query). */
export interface HostBehaviour {
  status: number;
  location?: string | ((path: string) => string);
}

/** One HTTPS server on 127.0.0.1 that picks a certificate by SNI and answers per Host header. */
export interface TestWebServer {
  port: number;
  server: Server;
  certificates: Map<string, TestCertificate>;
  hosts: Map<string, HostBehaviour>;
  close(): Promise<void>;
}

/** Starts the server on `port` (0, the default, picks a free one); tests change `certificates` and `hosts` between cases. */
export async function startWebServer(fallback: TestCertificate, port = 0): Promise<TestWebServer> {
  const certificates = new Map<string, TestCertificate>();
  const hosts = new Map<string, HostBehaviour>();
  const contexts = new WeakMap<TestCertificate, SecureContext>();
  const contextFor = (certificate: TestCertificate) => {
    let context = contexts.get(certificate);
    if (!context) contexts.set(certificate, (context = createSecureContext(certificate)));
    return context;
  };
  const server = createServer(
    {
      ...fallback,
      SNICallback: (servername, done) => done(null, contextFor(certificates.get(servername) ?? fallback)),
    },
    (request, response) => {
      const host = (request.headers.host ?? "").replace(/:\d+$/, "");
      const behaviour = hosts.get(host) ?? { status: 404 };
      const location =
        typeof behaviour.location === "function" ? behaviour.location(request.url ?? "/") : behaviour.location;
      response.writeHead(behaviour.status, location ? { location } : {}).end();
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    server,
    certificates,
    hosts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
