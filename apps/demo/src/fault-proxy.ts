import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request that went through the proxy, for the demo's transcript. */
export interface ProxyHop {
  method: string;
  path: string;
  status: number;
  /** True when the proxy answered itself (an injected fault) instead of forwarding. */
  injected: boolean;
  /** The server's own status when the proxy dropped its answer. */
  upstreamStatus?: number;
  /** The `Sunset`, `Deprecation` and `Link` headers of a forwarded answer that had them. */
  deprecation?: string[];
}

const DEPRECATION_HEADERS = ["sunset", "deprecation", "link"];

/** A tiny loopback proxy in front of the server that can answer the next request(s) with a 503 on purpose. */
export interface FaultProxy {
  /** The proxy's base URL, ending in `/v1` like the server's. */
  baseUrl: string;
  /**
   * Makes the next `times` requests for `method path` fail with 503 and `Retry-After: 0`. With `"before"`
   * the server never sees them; with `"after"` the server handles them and the proxy drops its answer
   * (what a timeout or a dropped connection does), which is what idempotency keys are for.
   */
  failNext(method: string, path: string, times: number, when?: "before" | "after"): void;
  close(): Promise<void>;
}

/**
 * Starts the proxy. Faults are off until `failNext` arms them, and only the demo arms them: the server
 * itself has no fault switch. `onHop` sees every request, forwarded or injected.
 */
export async function startFaultProxy(target: string, onHop: (hop: ProxyHop) => void): Promise<FaultProxy> {
  const upstream = new URL(target);
  const armed: { method: string; path: string; remaining: number; when: "before" | "after" }[] = [];
  const injectFault = (res: ServerResponse) => {
    const body = JSON.stringify({
      code: "service_unavailable",
      message: "Injected by the demo's fault proxy.",
      status: 503,
    });
    res
      .writeHead(503, { "content-type": "application/json", "retry-after": "0", "x-request-id": "req_injected_fault" })
      .end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const method = req.method ?? "GET";
    const fault = armed.find((f) => f.remaining > 0 && f.method === method && f.path === path);
    if (fault) fault.remaining--;
    if (fault?.when === "before") {
      req.resume();
      injectFault(res);
      onHop({ method, path: req.url ?? "/", status: 503, injected: true });
      return;
    }
    const proxied = forward(
      { hostname: upstream.hostname, port: upstream.port, method, path: req.url, headers: req.headers },
      (upstreamRes) => {
        if (fault) {
          upstreamRes.resume();
          injectFault(res);
          onHop({
            method,
            path: req.url ?? "/",
            status: 503,
            injected: true,
            upstreamStatus: upstreamRes.statusCode ?? 502,
          });
          return;
        }
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
        const deprecation = DEPRECATION_HEADERS.filter((name) => upstreamRes.headers[name] !== undefined).map(
          (name) => `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${String(upstreamRes.headers[name])}`,
        );
        const status = upstreamRes.statusCode ?? 502;
        onHop({
          method,
          path: req.url ?? "/",
          status,
          injected: false,
          ...(deprecation.length > 0 ? { deprecation } : {}),
        });
      },
    );
    proxied.on("error", () => res.writeHead(502).end());
    req.pipe(proxied);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, "")}`,
    failNext(method, path, times, when = "before") {
      armed.push({ method, path, remaining: times, when });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
