// Email delivery through Resend's SDK (its HTTP API), against a local double that checks what it receives;
// without a key, the email is simulated and kept in the outbox.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sendEmail } from "../../edge/delivery/email";
import type { Env } from "../../edge/env";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let client: Client;
let db: Db;
let resend: Server;
let resendUrl: string;
const received: { headers: IncomingMessage["headers"]; body: any; path: string }[] = [];
let nextStatus = 200;

beforeAll(async () => {
  temp = await createTempDb("email");
  ({ client, db } = temp);
  resend = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(raw), path: req.url! });
      res.writeHead(nextStatus, { "content-type": "application/json" });
      res.end(JSON.stringify(nextStatus === 200 ? { id: "email_123" } : { message: "boom" }));
    });
  });
  await new Promise<void>((r) => resend.listen(0, "127.0.0.1", r));
  resendUrl = `http://127.0.0.1:${(resend.address() as { port: number }).port}`;
});
afterAll(async () => {
  await temp.cleanup();
  resend.close();
});

const email = { to: "lea@exemple.fr", subject: "Bonjour", text: "Texte", html: "<p>Texte</p>", template: "welcome" };
const outboxRow = async () => (await client.execute("SELECT * FROM outbox ORDER BY rowid DESC LIMIT 1")).rows[0];

describe("sendEmail", () => {
  it("without a key: simulated, reported as success, kept in the outbox", async () => {
    expect(await sendEmail({} as Env, db, email)).toEqual({ ok: true });
    expect(received).toHaveLength(0);
    expect(await outboxRow()).toMatchObject({
      channel: "email",
      recipient: "lea@exemple.fr",
      subject: "Bonjour",
      status: "simulated",
    });
  });

  it("with a key: posts to Resend with the bearer key and records the provider's id", async () => {
    const env = { RESEND_API_KEY: "re_test", RESEND_API_URL: resendUrl } as Env;
    expect(await sendEmail(env, db, email)).toEqual({ ok: true });
    expect(received.at(-1)).toMatchObject({
      path: "/emails",
      headers: { authorization: "Bearer re_test", "content-type": "application/json" },
      body: {
        from: "Veilleuse <no-reply@veilleuse.fr>",
        to: ["lea@exemple.fr"],
        subject: "Bonjour",
        html: "<p>Texte</p>",
        text: "Texte",
      },
    });
    const row = await outboxRow();
    expect(row.status).toBe("sent");
    expect(row.provider_id).toBe("email_123");
    expect(JSON.parse(String(row.payload))).toMatchObject({ template: "welcome" });
  });

  it("sends an event's email once: a second delivery with the same key sends and records nothing", async () => {
    const env = { RESEND_API_KEY: "re_test", RESEND_API_URL: resendUrl } as Env;
    const before = received.length;
    const rows = async () =>
      Number((await client.execute("SELECT count(*) FROM outbox WHERE idempotency_key = 'event-1:email'")).rows[0][0]);
    expect(await sendEmail(env, db, email, "event-1:email")).toEqual({ ok: true });
    expect(await sendEmail(env, db, email, "event-1:email")).toEqual({ ok: true });
    expect(received.length - before).toBe(1);
    expect(received.at(-1)!.headers["idempotency-key"]).toBe("event-1:email");
    expect(await rows()).toBe(1);
  });

  it("a provider failure is reported as a false flag, never thrown, and recorded", async () => {
    nextStatus = 500;
    const env = { RESEND_API_KEY: "re_test", RESEND_API_URL: resendUrl } as Env;
    expect(await sendEmail(env, db, email)).toEqual({ ok: false });
    expect((await outboxRow()).status).toBe("failed");
    nextStatus = 200;
  });
});
