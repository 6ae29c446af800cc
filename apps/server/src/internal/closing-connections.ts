import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * Keeps the server's open connections, so that when it begins to close, each response still being prepared asks its
 * client to close the connection (`connection: close`) and Node ends it after that response: `close()` then need not
 * wait for the keep-alive timeouts of connections that were busy when it began. (Requests that arrive later are
 * Fastify's: it sends them `connection: close` itself.) The work is per connection and at close, never per request.
 * Returns the function to call when closing begins.
 */
export function closeConnectionsAfterResponse(server: Server): () => void {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return () => {
    for (const socket of sockets) {
      // Node's own link from a connection to the response it is writing (as in its clientError handling).
      const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (response && !response.headersSent) response.setHeader("connection", "close");
    }
  };
}
