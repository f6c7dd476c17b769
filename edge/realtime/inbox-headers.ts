// What the Worker's /api/realtime route tells a UserInbox about the socket it forwards, once the
// ticket's signature and expiry are checked. Its own module so the routes (and the unit tests that
// load the app in Node) never import the Durable Object class and its `cloudflare:workers` base.
export const INBOX_HEADERS = { profileId: "x-inbox-profile", nonce: "x-inbox-nonce", expiresAt: "x-inbox-expires" };
