// The test stacks' front: a plain TCP relay from the stack's port to the Worker's own socket
// (scripts/worker-dev.ts says why). Bytes pass untouched, so the Worker sees each request as the
// client sent it (Host, CF-Connecting-IP, WebSocket upgrades).
//
// One thing it does besides copying bytes: it hides the Worker's idle close from the client. The
// Worker closes a kept-alive connection after 15 s without a request; a client that reuses that
// connection at the same instant has its request cut off ('socket hang up'; it happened to one
// end-to-end test of 199 in a clean clone, 29 Nov 2026). Node's clients, unlike browsers, never
// send such a request again. So the relay keeps the client's connection when the Worker's side
// closes idle, reaches the Worker on a new connection for the next request, and sends again the
// request the Worker closed on without answering a byte of it.
//
// Node runs this file as it is (scripts/worker-dev.ts imports it): no imports of the repository's
// own files, and only types Node can erase (no enums, namespaces or parameter properties).
import { createConnection, createServer, type Server, type Socket } from "node:net";

export type RelayOptions = {
  /** Where the upstream listens, read for each new connection to it (a Worker reload moves it). */
  target: () => { host: string; port: number };
  /**
   * A close from the upstream this long after its last byte is its idle timeout, not a failure.
   * Any other close (a crash, a `Connection: close` answer, the end of a WebSocket) reaches the
   * client as it is, and nothing is sent again.
   */
  idleCloseAfterMs: number;
};

/** A server that relays each connection it accepts to `options.target()`. */
export function createRelay(options: RelayOptions): Server {
  return createServer({ allowHalfOpen: true, noDelay: true }, (client) => relayConnection(client, options));
}

function relayConnection(client: Socket, options: RelayOptions): void {
  let upstream: Socket | undefined;
  /** The client's bytes since the upstream last sent one: the request it has not begun to answer. */
  let unanswered: Buffer[] = [];
  /** When the upstream last sent a byte, or was connected to. */
  let heardAt = Date.now();
  /** After `101 Switching Protocols` (a WebSocket) there are no requests any more, only a stream. */
  let tunnel = false;
  let clientEnded = false;

  const connect = (): Socket => {
    const socket = createConnection({ ...options.target(), allowHalfOpen: true, noDelay: true });
    heardAt = Date.now();
    socket.on("data", (chunk: Buffer) => {
      if (unanswered.length > 0 && isSwitchingProtocols(chunk)) tunnel = true;
      unanswered = [];
      heardAt = Date.now();
      if (!client.write(chunk)) {
        socket.pause();
        client.once("drain", () => socket.resume());
      }
    });
    socket.on("end", () => upstreamGone(socket, "end"));
    socket.on("error", () => upstreamGone(socket, "error"));
    socket.on("close", () => upstreamGone(socket, "error"));
    for (const chunk of unanswered) socket.write(chunk);
    if (clientEnded) socket.end();
    return socket;
  };

  const upstreamGone = (socket: Socket, how: "end" | "error") => {
    if (socket !== upstream) return;
    upstream = undefined;
    socket.destroy();
    client.resume();
    const idleClose = !tunnel && Date.now() - heardAt >= options.idleCloseAfterMs;
    if (idleClose && unanswered.length > 0) upstream = connect();
    else if (idleClose && !clientEnded) return;
    else if (how === "end") client.end();
    else client.destroy();
  };

  client.on("data", (chunk: Buffer) => {
    if (!tunnel) unanswered.push(chunk);
    if (upstream === undefined) {
      // A request after an idle close: connect() writes what is unanswered, this chunk included. A
      // WebSocket whose Worker side is gone has nowhere to send its bytes.
      if (!tunnel) upstream = connect();
      return;
    }
    if (!upstream.write(chunk)) {
      client.pause();
      upstream.once("drain", () => client.resume());
    }
  });
  client.on("end", () => {
    clientEnded = true;
    if (upstream) upstream.end();
    else client.end();
  });
  const clientGone = () => {
    client.destroy();
    const socket = upstream;
    upstream = undefined;
    socket?.destroy();
  };
  client.on("error", clientGone).on("close", clientGone);
}

const SWITCHING_PROTOCOLS = /^HTTP\/1\.[01] 101 /;
const isSwitchingProtocols = (chunk: Buffer) => SWITCHING_PROTOCOLS.test(chunk.toString("latin1", 0, 16));
