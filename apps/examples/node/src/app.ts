import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { PetstoreError, type PetstoreClient } from "@petstore/client";
import { availablePets } from "./available-pets";

/** A started example backend. */
export interface RunningApp {
  /** `http://127.0.0.1:PORT` */
  url: string;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** Answers one request: `GET /available-pets[?limit=N]`, anything else is a 404 or 405. */
async function handle(petstore: PetstoreClient, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname !== "/available-pets") return send(response, 404, { error: "not found" });
  if (request.method !== "GET") return send(response, 405, { error: "method not allowed" });
  const limitText = url.searchParams.get("limit") ?? "100";
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100) {
    return send(response, 400, { error: "limit must be an integer from 1 to 100" });
  }
  try {
    send(response, 200, await availablePets(petstore, limit));
  } catch (error) {
    // The upstream API failed: say so as a gateway error, with its request id for support, never the key.
    if (!(error instanceof PetstoreError)) throw error;
    send(response, 502, { error: `petstore API: ${error.message}`, code: error.code, requestId: error.requestId });
  }
}

/** Starts the backend on `port` (0 picks a free one) of 127.0.0.1, calling the Petstore API with `petstore`. */
export async function startApp(petstore: PetstoreClient, port = 0): Promise<RunningApp> {
  const server: Server = createServer((request, response) => {
    handle(petstore, request, response).catch((error: unknown) => {
      console.error("[@petstore/example-node] request failed:", error);
      if (!response.headersSent) send(response, 500, { error: "internal error" });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `[@petstore/example-node] port ${port} is in use: set PORT to a free port (0 picks one)`
            : `[@petstore/example-node] cannot listen on 127.0.0.1:${port}: ${error.message}`,
        ),
      );
    });
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("[@petstore/example-node] no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
