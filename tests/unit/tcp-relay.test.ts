// The test stacks' relay (scripts/tcp-relay.ts) in front of a small HTTP/1.1 server that closes
// connections the way the Worker does: a request that crosses the upstream's idle close is sent
// again on a new connection, an idle close leaves the client's connection open, and every other
// close reaches the client.
import { request, Agent } from "node:http";
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRelay } from "../../scripts/tcp-relay.ts";

const IDLE_CLOSE_AFTER_MS = 100;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

type Upstream = {
  server: Server;
  /** The requests each connection received, by connection, in order ("POST /b"...). */
  received: string[][];
  /** What the upstream does with the next request on a connection that already answered one. */
  onSecondRequest: "answer" | "close-unanswered";
  /** Close each connection this long after its last answer (the Worker's idle timeout). */
  idleCloseMs?: number;
  /** Answer every request with `Connection: close` and close right after. */
  closeAfterAnswer?: boolean;
  /** Answer every request with a WebSocket's 101, and end the stream this long after. */
  upgradeThenEndMs?: number;
};

const servers: Server[] = [];
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  server.on("connection", (socket: Socket) => sockets.add(socket));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return (server.address() as AddressInfo).port;
}

/** A minimal HTTP/1.1 server: one request per `data` event (the clients here send small requests). */
async function startUpstream(behaviour: Partial<Upstream>): Promise<Upstream & { port: number }> {
  const upstream: Upstream = { received: [], onSecondRequest: "answer", ...behaviour } as Upstream;
  upstream.server = createServer((socket: Socket) => {
    const requests: string[] = [];
    upstream.received.push(requests);
    let idleTimer: NodeJS.Timeout | undefined;
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      clearTimeout(idleTimer);
      const [method, path] = chunk.toString().split(" ");
      requests.push(`${method} ${path}`);
      if (requests.length > 1 && upstream.onSecondRequest === "close-unanswered") {
        upstream.onSecondRequest = "answer"; // once: the idle close met this request
        socket.resetAndDestroy();
        return;
      }
      if (upstream.upgradeThenEndMs !== undefined) {
        socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
        setTimeout(() => socket.end(), upstream.upgradeThenEndMs);
        return;
      }
      const body = `${method} ${path} on connection ${upstream.received.length}`;
      const connection = upstream.closeAfterAnswer ? "close" : "keep-alive";
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: ${connection}\r\n\r\n${body}`);
      if (upstream.closeAfterAnswer) socket.end();
      else if (upstream.idleCloseMs !== undefined) idleTimer = setTimeout(() => socket.end(), upstream.idleCloseMs);
    });
  });
  const port = await listen(upstream.server);
  return Object.assign(upstream, { port });
}

async function startRelay(upstreamPort: number): Promise<number> {
  const relay = createRelay({
    target: () => ({ host: "127.0.0.1", port: upstreamPort }),
    idleCloseAfterMs: IDLE_CLOSE_AFTER_MS,
  });
  return listen(relay);
}

type Answer = { status?: number; body?: string; reusedSocket: boolean; error?: string };

/** One request through `agent`, as the end-to-end tests' API clients send them (Node's http). */
function send(port: number, agent: Agent, method: string, path: string): Promise<Answer> {
  return new Promise((done) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, agent }, (incoming) => {
      let body = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (part) => (body += part));
      incoming.on("end", () => done({ status: incoming.statusCode, body, reusedSocket: outgoing.reusedSocket }));
    });
    outgoing.on("error", (error) => done({ error: error.message, reusedSocket: outgoing.reusedSocket }));
    outgoing.end(method === "POST" ? "{}" : undefined);
  });
}

/** Writes `request` on a raw connection; resolves with all it received once the relay closed it. */
function sendRaw(port: number, request: string): Promise<string> {
  const client = connect(port, "127.0.0.1");
  return new Promise((done) => {
    let answer = "";
    client.on("data", (chunk) => (answer += chunk.toString()));
    client.on("close", () => done(answer));
    client.write(request);
  });
}

const keptAlive = () => new Agent({ keepAlive: true, maxSockets: 1, timeout: 60_000 });

describe("the test stacks' relay to the Worker", () => {
  it("sends again, on a new connection, a request the Worker's idle close cut off", async () => {
    const upstream = await startUpstream({ onSecondRequest: "close-unanswered" });
    const port = await startRelay(upstream.port);
    const agent = keptAlive();

    expect(await send(port, agent, "GET", "/first")).toMatchObject({ status: 200, reusedSocket: false });
    await sleep(IDLE_CLOSE_AFTER_MS * 2);
    const second = await send(port, agent, "POST", "/second");

    expect(second).toEqual({ status: 200, body: "POST /second on connection 2", reusedSocket: true });
    expect(upstream.received).toEqual([["GET /first", "POST /second"], ["POST /second"]]);
    agent.destroy();
  });

  it("keeps the client's connection when the Worker closes its side idle", async () => {
    const upstream = await startUpstream({ idleCloseMs: IDLE_CLOSE_AFTER_MS * 2 });
    const port = await startRelay(upstream.port);
    const agent = keptAlive();

    await send(port, agent, "GET", "/first");
    await sleep(IDLE_CLOSE_AFTER_MS * 4); // the upstream closed its side at half of this
    const second = await send(port, agent, "GET", "/second");

    expect(second).toEqual({ status: 200, body: "GET /second on connection 2", reusedSocket: true });
    expect(upstream.received).toEqual([["GET /first"], ["GET /second"]]);
    agent.destroy();
  });

  it("passes on a close that is not an idle one, and sends nothing again", async () => {
    const upstream = await startUpstream({ onSecondRequest: "close-unanswered" });
    const port = await startRelay(upstream.port);
    const agent = keptAlive();

    await send(port, agent, "GET", "/first");
    const second = await send(port, agent, "POST", "/second"); // at once: the upstream is not idle

    expect(second).toMatchObject({ reusedSocket: true, error: expect.stringMatching(/socket hang up|ECONNRESET/) });
    expect(upstream.received).toEqual([["GET /first", "POST /second"]]);
    agent.destroy();
  });

  it("closes the client's connection after a `Connection: close` answer", async () => {
    const upstream = await startUpstream({ closeAfterAnswer: true });
    const port = await startRelay(upstream.port);
    const answer = await sendRaw(port, "GET /only HTTP/1.1\r\nHost: relay\r\n\r\n");

    expect(answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*GET \/only on connection 1$/);
  });

  it("ends a WebSocket's stream when the Worker ends it, however long it was quiet", async () => {
    const upstream = await startUpstream({ upgradeThenEndMs: IDLE_CLOSE_AFTER_MS * 2 });
    const port = await startRelay(upstream.port);
    const answer = await sendRaw(
      port,
      "GET /realtime HTTP/1.1\r\nHost: relay\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    );

    expect(answer).toMatch(/^HTTP\/1\.1 101 Switching Protocols/);
    expect(upstream.received).toEqual([["GET /realtime"]]);
  }, 5_000); // a stream the relay kept open would wait forever
});
