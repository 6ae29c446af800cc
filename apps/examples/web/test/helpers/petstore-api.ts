import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createPetstoreHandlers, type PetstoreHandlers, type PetstoreMockOptions } from "@petstore/mock";
import { getResponse, type RequestHandler } from "msw";

/** A Petstore API on 127.0.0.1 started by `startPetstoreApi`. */
export interface PetstoreApi {
  /** `http://127.0.0.1:PORT/v1`, what PETSTORE_BASE_URL is set to. */
  baseUrl: string;
  /** The handler set that answers: its store, journal and `use()`. */
  handlers: PetstoreHandlers;
  /** Handlers tried before the set's own until `close()`, as msw's `server.use()`: e.g. `handlers.scenario.*`. */
  use(...overrides: RequestHandler[]): void;
  close(): Promise<void>;
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (let index = 0; index < message.rawHeaders.length; index += 2) {
    headers.append(message.rawHeaders[index] ?? "", message.rawHeaders[index + 1] ?? "");
  }
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const method = message.method ?? "GET";
  const body = method === "GET" || method === "HEAD" || chunks.length === 0 ? undefined : Buffer.concat(chunks);
  return new Request(new URL(message.url ?? "/", origin), { method, headers, body });
}

async function send(response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(body);
}

/**
 * Serves `@petstore/mock`'s handlers over real HTTP, so the page calls it across origins (the handlers answer CORS)
 * as it would call the service, with nothing to install beyond this app's own dependencies.
 */
export async function startPetstoreApi(options: Omit<PetstoreMockOptions, "baseUrls"> = {}): Promise<PetstoreApi> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handlers = createPetstoreHandlers({ ...options, baseUrls: [`${origin}/v1`] });
  const overrides: RequestHandler[] = [];
  server.on("request", (message: IncomingMessage, response: ServerResponse) => {
    toRequest(message, origin)
      .then((request) => getResponse([...overrides, ...handlers], request))
      .then((answer) => send(response, answer ?? Response.json({ error: "not a Petstore API path" }, { status: 404 })))
      .catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  return {
    baseUrl: `${origin}/v1`,
    handlers,
    use: (...added) => overrides.unshift(...added),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
