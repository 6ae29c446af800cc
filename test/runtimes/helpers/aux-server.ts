import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One attempt the flaky endpoint received. */
interface Attempt {
  idempotencyKey: string | undefined;
  /** The `x-petstore-retry-count` header: absent on a first attempt. */
  retryCount: string | undefined;
  status: number;
}

/** The servers the reference server cannot play: a flaky create, a response that never comes, and the browser page. */
export interface AuxServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** `…/flaky/<run>/v1`: the first POST /pets of each run gets a 503 with `Retry-After: 0`, the next ones a 201. */
  flakyUrl(run: string): string;
  /** `…/slow/v1`: holds every request open until the client closes it. */
  slowUrl: string;
  /** The attempts each flaky run received, in order. */
  attempts: Map<string, Attempt[]>;
  /** Serves `html` at `/` and `script` at `/page.js`. */
  page: { html: string; script: string };
  close(): Promise<void>;
}

// The SDK reads these across origins, as it does from the reference server (see its CORS).
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "X-Request-Id, Retry-After",
};

function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...CORS, "content-type": type, "x-request-id": `aux-${status}`, ...headers });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString()));
    req.on("error", reject);
  });
}

/** Starts the auxiliary server on 127.0.0.1, port 0. */
export async function startAuxServer(): Promise<AuxServer> {
  const attempts = new Map<string, Attempt[]>();
  const page = { html: "", script: "" };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        ...CORS,
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers":
          "Authorization, Content-Type, Idempotency-Key, X-Petstore-Client, X-Petstore-Retry-Count",
      });
      return res.end();
    }
    if (url.pathname === "/") return send(res, 200, page.html, "text/html; charset=utf-8");
    if (url.pathname === "/page.js") return send(res, 200, page.script, "text/javascript; charset=utf-8");
    const flaky = /^\/flaky\/([\w-]+)\/v1\/pets$/.exec(url.pathname);
    if (flaky && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const run = attempts.get(flaky[1]!) ?? [];
      attempts.set(flaky[1]!, run);
      const status = run.length === 0 ? 503 : 201;
      run.push({
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        retryCount: req.headers["x-petstore-retry-count"] as string | undefined,
        status,
      });
      if (status === 503) {
        return send(
          res,
          503,
          JSON.stringify({ code: "service_unavailable", message: "Store unavailable.", status: 503 }),
          "application/json",
          { "retry-after": "0" },
        );
      }
      return send(res, 201, JSON.stringify({ ...body, id: 1_000 + run.length }), "application/json");
    }
    if (url.pathname.startsWith("/slow/")) {
      // Ends only when the client gives up (or after a minute, so a broken client cannot keep the server open).
      const timer = setTimeout(() => send(res, 504, "{}", "application/json"), 60_000);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    send(res, 404, JSON.stringify({ code: "not_found", message: "No such route.", status: 404 }), "application/json");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    flakyUrl: (run) => `${url}/flaky/${run}/v1`,
    slowUrl: `${url}/slow/v1`,
    attempts,
    page,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
