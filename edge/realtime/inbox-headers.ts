// What the Worker tells a UserInbox: the socket it forwards (once the ticket's signature and expiry
// are checked and its session found live) and the sessions whose sockets move. Its own module so the
// routes (and the unit tests that load the app in Node) never import the Durable Object class and
// its `cloudflare:workers` base.

/** The forwarded upgrade carries the ticket's verified claims (ticket.ts) as JSON in this header. */
export const INBOX_HEADERS = { claims: "x-inbox-claims" };

/** A session as a socket knows it: its id and its expiry (ms since the epoch). */
export type SocketSession = { id: string; expiresAt: number };
