import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The baseline server: node:http answering every request with the same status, headers and body
 * bytes, doing no routing, parsing or auth, so it bounds what any Node HTTP server can do here.
 */
export async function startFixedBytesServer(
  body: Uint8Array,
  contentType = "application/json",
): Promise<{
  server: Server;
  port: number;
}> {
  const headers = { "content-type": contentType, "content-length": String(body.byteLength) };
  const server = createServer((request, response) => {
    // Drain any request body so keep-alive connections stay usable for the next request.
    request.resume();
    request.on("end", () => {
      response.writeHead(200, headers);
      response.end(body);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
