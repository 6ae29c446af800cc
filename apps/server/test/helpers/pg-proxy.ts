import { once } from "node:events";
import { createServer, connect as tcpConnect, type AddressInfo, type Socket } from "node:net";
import pg from "pg";

/** A TCP hop between a PostgreSQL client and server that can lose connections at a chosen protocol moment. */
export interface PgProxy {
  /** `url` with the proxy's host and port. */
  url: string;
  /**
   * While on, the proxy stops each connection at its next ReadyForQuery (the end of a startup or of a query),
   * terminates its backend with `pg_terminate_backend`, and hands the client that ReadyForQuery, PostgreSQL's
   * FATAL 57P01 and the end of the stream in one write: what a client on a busy event loop reads in one go when
   * its backend is terminated right after answering.
   */
  terminateAtReady: boolean;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Connections ended so far by `terminateAtReady`. */
  readonly terminated: number;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port in front of the PostgreSQL server of `url` (which must be TCP, no TLS). */
export async function startPgProxy(url: string): Promise<PgProxy> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let connections = 0;
  let terminated = 0;

  async function terminate(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    } finally {
      await admin.end();
    }
  }

  const server = createServer((client) => {
    connections++;
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    let pid = 0;
    let unparsed = Buffer.alloc(0);
    let held: Buffer[] | undefined; // set once the connection is being terminated: everything goes out at the end
    upstream.on("data", (chunk: Buffer) => {
      if (held) {
        held.push(chunk);
        return;
      }
      unparsed = Buffer.concat([unparsed, chunk]);
      let end = 0; // every backend message is a type byte and a length that counts itself, not the type
      while (unparsed.length - end >= 5 && unparsed.length - end >= 1 + unparsed.readInt32BE(end + 1)) {
        const type = String.fromCharCode(unparsed[end]!);
        if (type === "K") pid = unparsed.readInt32BE(end + 5);
        end += 1 + unparsed.readInt32BE(end + 1);
        if (type === "Z" && proxy.terminateAtReady && pid !== 0) {
          held = [unparsed];
          unparsed = Buffer.alloc(0);
          upstream.once("end", () => {
            terminated++;
            client.end(Buffer.concat(held!));
          });
          terminate(pid).catch(() => client.destroy());
          return;
        }
      }
      client.write(unparsed.subarray(0, end));
      unparsed = unparsed.subarray(end);
    });
    upstream.on("end", () => {
      if (!held) client.end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String((server.address() as AddressInfo).port);

  const proxy: PgProxy = {
    url: proxied.toString(),
    terminateAtReady: false,
    get connections() {
      return connections;
    },
    get terminated() {
      return terminated;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
