import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import type { Duplex } from "node:stream";

/**
 * Milliseconds a lingering connection may stay silent before it is closed. A client that has stopped sending but
 * keeps its side open (it has read the answer, or never will) does not get to hold the connection longer than this.
 */
export const LINGER_QUIET_MS = 2_000;
/**
 * Milliseconds a connection lingers at most, however steadily its client keeps sending: long enough for a client to
 * notice an answer that arrived in the middle of its upload, short enough that `close()`'s drain (10 s by default)
 * always outlasts it.
 */
export const LINGER_MAX_MS = 5_000;
/**
 * Bytes read and dropped at most while lingering: a body a few times the largest a client usually sends after an
 * answer it did not wait for, so that the answer arrives; a client sending more than that is cut off, not served.
 */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;

const lingering = Symbol("petstore.lingering");

type LingeringSocket = Duplex & {
  [lingering]?: true;
  // Node's own (lib/_http_server.js), on the sockets of an http.Server: the HTTP parser, which reads the socket's
  // handle directly while `_consumed`, and the handle.
  parser?: { unconsume?: () => void; _consumed?: boolean } | null;
  _handle?: { _consumed?: boolean; reading?: boolean; readStart?: () => number } | null;
};

/** True once `socket` has been answered and is only being read to its end (see `linger`): no second answer. */
export function isLingering(socket: Duplex): boolean {
  return (socket as LingeringSocket)[lingering] === true;
}

function ignore(): void {}

/**
 * Ends `socket` after `answer` without destroying what its client is still sending: what nginx calls a lingering
 * close. Closing a socket whose received bytes were not read makes the kernel send a reset, and a client still
 * sending (a body after a head the parser refused, or after an early 413) then often loses the answer already on its
 * way. So the socket is half-closed once `answer` is written, and what arrives is read and dropped until the client
 * ends its side, stays silent `LINGER_QUIET_MS`, has sent `LINGER_MAX_BYTES`, or `LINGER_MAX_MS` have passed; then it
 * is destroyed. Its timers keep no process alive. Called once per socket; later calls do nothing.
 */
export function linger(socket: Duplex, answer?: string): void {
  const state = socket as LingeringSocket;
  if (state[lingering] || socket.destroyed) return;
  state[lingering] = true;
  // Node's HTTP parser reads an http.Server's sockets straight from their handle: it is detached as Node detaches it
  // for an upgrade (its `unconsume`), so that the bytes come here and nothing more is parsed (no pipelined request
  // gets served). A CONNECT's socket has been detached already.
  const parser = state.parser;
  if (parser) {
    if (typeof parser.unconsume !== "function") {
      // Another Node than this was written for: what it cannot read, it cannot linger over.
      if (answer !== undefined && socket.writable) socket.write(answer);
      socket.destroy();
      return;
    }
    if (parser._consumed) parser.unconsume();
    parser._consumed = false;
  }
  const handle = state._handle;
  // Node's listeners feed its parser (`data`) and end the exchange (`end`): the socket is this function's now.
  socket.removeAllListeners("data");
  socket.removeAllListeners("end");
  // A client that resets while it is still sending (EPIPE, ECONNRESET) only ends the lingering early.
  socket.on("error", ignore);
  const stop = () => socket.destroy();
  const quiet = setTimeout(stop, LINGER_QUIET_MS).unref();
  const deadline = setTimeout(stop, LINGER_MAX_MS).unref();
  let read = 0;
  socket.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_MAX_BYTES) stop();
    else quiet.refresh();
  });
  // The client has sent everything: once the answer is out too, the connection is over (`allowHalfOpen` keeps it
  // open otherwise).
  socket.once("end", () => (socket.writableFinished ? stop() : socket.once("finish", stop)));
  socket.once("close", () => {
    clearTimeout(quiet);
    clearTimeout(deadline);
  });
  if (socket.writable) socket.end(answer);
  socket.resume();
  // A request body nobody read made the parser stop the handle (backpressure); the stream, which never read from it
  // itself, would not start it again.
  if (handle && handle.reading === false && typeof handle.readStart === "function") {
    handle.reading = true;
    handle.readStart();
  }
}

/**
 * Makes Node linger (see `linger`) instead of destroying the socket of `message` when the response in progress on it
 * ends the connection while the request's body is still unread. Node ends such a connection with
 * `socket.destroySoon()` once the response has finished; this socket's own `destroySoon` lingers instead, while
 * `message` is incomplete (a later request on a kept connection is closed as Node closes it).
 */
export function lingerAfterResponse(message: IncomingMessage): void {
  const socket = message.socket;
  if (socket === null) return;
  socket.destroySoon = function destroySoon(this: Socket) {
    if (message.complete) Socket.prototype.destroySoon.call(this);
    else linger(this);
  };
}
