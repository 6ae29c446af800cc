import { createServer } from "node:net";

/** A loopback port that was free a moment ago, for tools that cannot listen on port 0 and report back. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("[@petstore/bench] could not find a free port");
  return address.port;
}
