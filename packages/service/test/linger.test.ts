import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requestLimits } from "@petstore/contract";
import { createMemoryStore, createService, type PetStore } from "../src/index";
import { listenNode, type NodeClientErrorEvent, type NodeListener } from "../src/node/index";
import { LINGER_MAX_BYTES, LINGER_MAX_MS, LINGER_QUIET_MS } from "../src/node/linger";

const KEY = "sk_linger";
const listeners: NodeListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

async function start(options: { store?: PetStore; drainMaxMs?: number } = {}) {
  const store = options.store ?? createMemoryStore();
  const service = createService({ store, verifyKey: (token) => (token === KEY ? { scope: "k" } : undefined) });
  const clientErrors: NodeClientErrorEvent[] = [];
  const listener = await listenNode({
    handle: service.handle,
    drainQuietMs: 50,
    drainMaxMs: options.drainMaxMs,
    onClientError: (event) => clientErrors.push(event),
  });
  listeners.push(listener);
  return { listener, clientErrors };
}

/** A client connection; `halfOpen` keeps sending after the server has ended its side (Node's default ends too). */
function open(url: string, halfOpen = false): Socket {
  const { hostname, port } = new URL(url);
  return connect({ port: Number(port), host: hostname, allowHalfOpen: halfOpen });
}

/** Everything `socket` receives, and how it ended: `end` (the server's FIN) and `error` (a reset) as seen. */
function record(socket: Socket) {
  const seen = { data: "", ended: false, error: undefined as string | undefined, closedAt: 0 };
  const closed = new Promise<typeof seen>((resolve) => {
    socket.on("data", (chunk: Buffer) => (seen.data += chunk.toString("latin1")));
    socket.on("end", () => (seen.ended = true));
    socket.on("error", (error: NodeJS.ErrnoException) => (seen.error = error.code));
    socket.on("close", () => {
      seen.closedAt = performance.now();
      resolve(seen);
    });
  });
  return { seen, closed };
}

/** The first answer in `raw`: status, headers and JSON body, once it has arrived whole (its Content-Length). */
function answerIn(raw: string): { status: number; headers: Record<string, string>; body: any } | undefined {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const [line = "", ...lines] = raw.slice(0, headEnd).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  const body = raw.slice(headEnd + 4, headEnd + 4 + Number(headers["content-length"]));
  if (Buffer.byteLength(body, "latin1") < Number(headers["content-length"])) return undefined;
  return { status: Number(line.split(" ")[1]), headers, body: JSON.parse(body) };
}

function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (condition() ? resolve() : setTimeout(poll, 5));
    poll();
  });
}

const over = requestLimits.bodyBytes + 1;
/** Requests answered before their body is read, each with the answer it gets. */
const early = [
  {
    kind: "a head the parser refuses (two different Content-Lengths)",
    head: "POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
    status: 400,
    code: "invalid_request",
    clientError: true,
  },
  {
    kind: "a declared body over the limit",
    head: `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${over}\r\n\r\n`,
    status: 413,
    code: "payload_too_large",
  },
  {
    kind: "a bad key with a body over the limit",
    head: `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer nope\r\nContent-Type: application/json\r\nContent-Length: ${over}\r\n\r\n`,
    status: 401,
    code: "unauthorized",
  },
  {
    kind: "a bad key with Connection: close and a body under the limit",
    head: `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer nope\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${requestLimits.bodyBytes}\r\n\r\n`,
    status: 401,
    code: "unauthorized",
  },
  {
    kind: "an HTTP/1.0 request to no route, with a body",
    head: `POST /v1/nowhere HTTP/1.0\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${requestLimits.bodyBytes}\r\n\r\n`,
    status: 404,
    code: "not_found",
  },
  {
    kind: "a CONNECT",
    head: "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    status: 404,
    code: "not_found",
    clientError: true,
  },
];

describe("the Node adapter's lingering close", () => {
  it.each(early)(
    "answers $kind, then reads what the client still sends until it ends, without a reset",
    async ({ head, status, code, clientError }) => {
      const { listener, clientErrors } = await start();
      // A client that keeps sending once the server has ended its side, as one still uploading does.
      const socket = open(listener.url, true);
      const { seen, closed } = record(socket);
      socket.write(head);
      await until(() => answerIn(seen.data) !== undefined);
      // The answer is in and the server has ended its side; the client still sends a body of 2 MiB, then ends.
      socket.end(Buffer.alloc(2 * 1024 * 1024, 97));
      const outcome = await closed;
      expect(outcome.error).toBeUndefined();
      expect(outcome.ended).toBe(true);
      const answer = answerIn(outcome.data)!;
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ code, status });
      expect(answer.headers["x-request-id"]).toMatch(/^req_/);
      expect(answer.headers.connection).toBe("close");
      // One answer, and one report, however many chunks followed the refused head.
      expect(outcome.data.lastIndexOf("HTTP/1.1")).toBe(0);
      expect(clientErrors).toHaveLength(clientError ? 1 : 0);
    },
  );

  it("serves nothing that follows a body it answered early: a pipelined create stays unread", async () => {
    const store = createMemoryStore();
    const { listener } = await start({ store });
    const socket = open(listener.url);
    const { closed } = record(socket);
    const create = `POST /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 29\r\n\r\n{"name":"Rex","categoryId":1}`;
    socket.end(Buffer.concat([Buffer.from(early[1]!.head), Buffer.alloc(over, 32), Buffer.from(create)]));
    const outcome = await closed;
    expect(answerIn(outcome.data)?.status).toBe(413);
    expect(outcome.data.lastIndexOf("HTTP/1.1")).toBe(0);
    expect(await store.list({ limit: 10 })).toEqual([]);
  });

  it("cuts off a client after its bounds: bytes for one that floods, quiet for one that stops, time for one that trickles", async () => {
    const { listener } = await start();
    // When the server's side of each connection closes, by the client's port (a half-open client cannot tell).
    const serverClosed = new Map<number, Promise<number>>();
    listener.server.on("connection", (socket: Socket) =>
      serverClosed.set(
        socket.remotePort!,
        new Promise((resolve) => socket.once("close", () => resolve(performance.now()))),
      ),
    );
    const closedAt = async (client: Socket) => {
      await until(() => serverClosed.has(client.localPort!));
      return serverClosed.get(client.localPort!)!;
    };
    const refused = early[0]!.head;
    const started = performance.now();

    // Sends as fast as the server reads, forever.
    const flood = open(listener.url, true);
    const flooded = record(flood);
    let sent = 0;
    const chunk = Buffer.alloc(256 * 1024, 97);
    const pump = () => {
      while (!flood.destroyed && flood.writable) {
        sent += chunk.length;
        if (!flood.write(chunk)) return void flood.once("drain", pump);
      }
    };
    flood.write(refused);
    pump();

    // Sends the head and a little body, then nothing, and never ends its side.
    const silent = open(listener.url, true);
    const silenced = record(silent);
    silent.write(`${refused}${"a".repeat(1000)}`);

    // Sends a byte every 200 ms, well within the quiet bound, forever.
    const trickle = open(listener.url, true);
    const trickled = record(trickle);
    trickle.write(refused);
    const drip = setInterval(() => trickle.writable && trickle.write("a"), 200);

    try {
      await until(
        () => flood.localPort !== undefined && silent.localPort !== undefined && trickle.localPort !== undefined,
      );
      const [floodEnd, silentEnd, trickleEnd] = await Promise.all([
        closedAt(flood),
        closedAt(silent),
        closedAt(trickle),
      ]);
      expect(sent).toBeGreaterThan(LINGER_MAX_BYTES);
      expect(floodEnd - started).toBeLessThan(LINGER_QUIET_MS);
      expect(silentEnd - started).toBeGreaterThanOrEqual(LINGER_QUIET_MS - 50);
      expect(silentEnd - started).toBeLessThan(LINGER_MAX_MS);
      expect(trickleEnd - started).toBeGreaterThanOrEqual(LINGER_MAX_MS - 50);
      expect(trickleEnd - started).toBeLessThan(LINGER_MAX_MS + 2000);
      // Each got its answer first.
      for (const { seen } of [flooded, silenced, trickled]) expect(answerIn(seen.data)?.status).toBe(400);
      // Nothing is left open on the server's side.
      const left = await new Promise<number>((resolve, reject) =>
        listener.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
      expect(left).toBe(0);
    } finally {
      clearInterval(drip);
      for (const socket of [flood, silent, trickle]) socket.destroy();
    }
  }, 20_000);

  it("does not hold close() past its drain bounds while a client keeps sending to a lingering connection", async () => {
    const { listener } = await start({ drainMaxMs: 300 });
    const trickle = open(listener.url, true);
    const { seen, closed } = record(trickle);
    trickle.write(early[0]!.head);
    const drip = setInterval(() => trickle.writable && trickle.write("a"), 50);
    await until(() => answerIn(seen.data) !== undefined);
    const closing = performance.now();
    await listener.close();
    const took = performance.now() - closing;
    await closed;
    clearInterval(drip);
    // drainQuietMs (50) + drainMaxMs (300), and the loops' turns; far below LINGER_MAX_MS.
    expect(took).toBeLessThan(1500);
    expect(trickle.destroyed).toBe(true);
  });
});
