// A local stand-in for a browser's push service (FCM, Mozilla's autopush... outside this machine),
// for the API and end-to-end tests: the Worker's push transport (edge/delivery/push.ts) posts to
// endpoints it hands out, allowed through PUSH_SERVICE_ORIGINS. It plays both sides a real push
// service joins: it creates subscriptions as a browser would (a P-256 key pair, p256dh, and a 16-byte
// auth secret, kept here since the "browser" is here), and on POST /push/<id> it checks what a push
// service checks: the VAPID `Authorization: vapid t=<jwt>, k=<key>` (ES256 signature by k, k the
// key the subscription was made with, `aud` this service's origin, `exp` within 24 h, `sub` a
// mailto: or https: contact), TTL, and the aes128gcm body, which it decrypts (RFC 8291) as the
// browser would. Tests drive it over HTTP:
//   POST /__control/subscriptions          -> { endpoint, keys: { p256dh, auth } }
//   POST /__control/gone/<id>              -> that endpoint answers 410 Gone from now on
//   GET  /__control/requests               -> every push received, decrypted, with its verdict
import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type Server } from "node:http";

export type PushRequest = {
  id: string;
  status: number;
  /** Why it was refused, when it was. */
  error: string | null;
  headers: Record<string, string>;
  /** The decrypted payload, parsed (JSON), when the body could be decrypted. */
  payload: unknown;
  /** The VAPID JWT's claims (aud, exp, sub), when it could be read. */
  claims: { aud?: string; exp?: number; sub?: string } | null;
};

type Subscriber = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean };

const b64url = (bytes: Buffer) => bytes.toString("base64url");

/** A VAPID key pair in the format the Worker reads (base64url point and private scalar). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pub = publicKey.export({ format: "jwk" });
  const priv = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x!, "base64url"), Buffer.from(pub.y!, "base64url")]);
  return { publicKey: b64url(point), privateKey: priv.d! };
}

/** Decrypts one aes128gcm body (RFC 8188 + RFC 8291) for the subscriber; throws when it cannot. */
export function decryptAes128gcm(body: Buffer, subscriber: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not a P-256 point`);
  if (record.length > recordSize) throw new Error("more than one record");
  const uaPublic = subscriber.ecdh.getPublicKey();
  const ecdhSecret = subscriber.ecdh.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, subscriber.auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--; // padding
  if (plain[end] !== 2) throw new Error("the last record's delimiter is not 0x02");
  return plain.subarray(0, end).toString("utf8");
}

/** Checks the VAPID header; returns the claims, or throws with the push service's reason. */
export function verifyVapid(authorization: string | undefined, audience: string, expectedKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error("no 'vapid t=…, k=…' authorization");
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) throw new Error("k is not the key the subscription was made with");
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string; typ?: string };
  if (head.alg !== "ES256") throw new Error("alg is not ES256");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("bad signature");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== audience) throw new Error(`aud ${body.aud} is not ${audience}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof body.exp !== "number" || body.exp <= now || body.exp > now + 24 * 3600) {
    throw new Error("exp is not within the next 24 h");
  }
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) throw new Error("sub is not a mailto: or https: contact");
  return body;
}

export class PushDouble {
  readonly requests: PushRequest[] = [];
  private readonly subscribers = new Map<string, Subscriber>();
  private server: Server | null = null;
  url = "";

  /** `vapidPublicKey`: the applicationServerKey subscriptions are made with (the Worker's). */
  constructor(private readonly vapidPublicKey: string) {}

  /** A new subscription, as PushSubscription.toJSON() gives it to the page. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const id = randomBytes(12).toString("hex");
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscribers.set(id, { ecdh, auth, gone: false });
    return {
      endpoint: `${this.url}/push/${id}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const send = (status: number, json?: unknown) => {
          res.writeHead(status, json === undefined ? {} : { "content-type": "application/json" });
          res.end(json === undefined ? undefined : JSON.stringify(json));
        };
        const path = req.url ?? "";
        if (req.method === "GET" && path === "/__control/requests") return send(200, this.requests);
        if (req.method === "POST" && path === "/__control/subscriptions") return send(201, this.subscribe());
        const gone = /^\/__control\/gone\/(\w+)$/.exec(path);
        if (req.method === "POST" && gone) {
          const subscriber = this.subscribers.get(gone[1]!);
          if (subscriber) subscriber.gone = true;
          return send(subscriber ? 204 : 404);
        }
        const push = /^\/push\/(\w+)$/.exec(path);
        if (req.method !== "POST" || !push) return send(404, { error: "not found" });
        const id = push[1]!;
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(", ") : (value ?? ""),
          ]),
        );
        const record: PushRequest = { id, status: 0, error: null, headers, payload: null, claims: null };
        this.requests.push(record);
        const answer = (status: number, error: string | null = null) => {
          record.status = status;
          record.error = error;
          send(status, error ? { error } : undefined);
        };
        const subscriber = this.subscribers.get(id);
        if (!subscriber || subscriber.gone) return answer(410, "subscription gone");
        try {
          record.claims = verifyVapid(req.headers.authorization, this.url, this.vapidPublicKey);
        } catch (error) {
          return answer(403, (error as Error).message);
        }
        if (!/^\d+$/.test(headers.ttl ?? "")) return answer(400, "TTL missing");
        if (req.headers["content-encoding"] !== "aes128gcm") return answer(415, "content-encoding is not aes128gcm");
        try {
          record.payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), subscriber));
        } catch (error) {
          return answer(400, `cannot decrypt: ${(error as Error).message}`);
        }
        record.status = 201;
        res.writeHead(201, { location: `${this.url}/message/${this.requests.length}` });
        res.end();
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise((done) => this.server?.close(done));
  }
}

/** The Worker's variables for pushing through the double. */
export const pushDoubleVars = (url: string, keys: { publicKey: string; privateKey: string }) => ({
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: "mailto:tests@veilleuse.test",
  PUSH_SERVICE_ORIGINS: url,
});
