import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback proxy that can let the server handle a request and then drop the connection before the answer arrives. */
export interface DropProxy {
  baseUrl: string;
  /** How many of the next `POST /pets` requests to drop after the server answered them. */
  dropCreates: number;
  close(): Promise<void>;
}

/**
 * Starts the proxy in front of `target` (a base URL ending in `/v1`). A dropped request is what a lost connection
 * or a timeout looks like to a client: the server applied it, the client never learnt the outcome.
 */
export async function startDropProxy(target: string): Promise<DropProxy> {
  const upstream = new URL(target);
  const state = { dropCreates: 0 };
  const server = createServer((req, res) => {
    const drop = req.method === "POST" && state.dropCreates > 0;
    if (drop) state.dropCreates--;
    const proxied = forward(
      { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (drop) {
          answer.resume();
          answer.on("end", () => res.socket?.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on("error", () => res.socket?.destroy());
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    get dropCreates() {
      return state.dropCreates;
    },
    set dropCreates(count) {
      state.dropCreates = count;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
