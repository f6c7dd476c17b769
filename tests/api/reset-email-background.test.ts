// Reset emails leave after the answer (ctx.waitUntil), so an existing account answers like an
// unknown one. Proof without timing: a Resend double that holds every email until the test lets
// it go. Were the email sent inside the request, the answer would wait for the release (and this
// test would time out). The same double checks Resend's contract for a notice: sender, HTML, text
// and the one-click unsubscribe headers on non-essential mail (none on the essential welcome).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../../scripts/stack";
import { testDbClient } from "../test-db";
import { freshAddress, fromAddress, validRegistration } from "./helpers";

type Held = {
  headers: IncomingMessage["headers"];
  body: { to: string[]; subject: string; text: string; html: string; from: string; headers?: Record<string, string> };
  release: () => void;
};

let resend: Server;
let stack: Stack;
let dbFile: string;
const held: Held[] = [];

beforeAll(async () => {
  resend = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () =>
      held.push({
        headers: req.headers,
        body: JSON.parse(raw),
        release: () => {
          if (!res.headersSent)
            res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "email_held_1" }));
        },
      }),
    );
  });
  await new Promise<void>((r) => resend.listen(0, "127.0.0.1", r));
  const resendUrl = `http://127.0.0.1:${(resend.address() as { port: number }).port}`;
  dbFile = join(mkdtempSync(join(tmpdir(), "veilleuse-resend-")), "r.db");
  stack = await startStack({
    dbFile,
    seed: false,
    build: "if-missing",
    quiet: true,
    watch: false,
    vars: { RESEND_API_KEY: "re_held", RESEND_API_URL: resendUrl },
  });
}, 180_000);

afterAll(async () => {
  for (const email of held) email.release();
  await stack?.stop();
  resend?.closeAllConnections();
  resend?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${stack.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: stack.url, ...fromAddress(freshAddress()) },
    body: JSON.stringify(body),
  });

async function until<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("gave up waiting");
}

describe("reset emails go out in the background", () => {
  it("answers before Resend has, and the email still leaves with the configured origin", async () => {
    const form = validRegistration();
    expect((await post("/api/auth/sign-up/email", form)).status).toBe(200);

    const answer = await post("/api/auth/request-password-reset", { email: form.email, redirectTo: "/reset-password" });
    expect(answer.status).toBe(200);
    const unknown = await post("/api/auth/request-password-reset", {
      email: "inconnu@exemple.fr",
      redirectTo: "/reset-password",
    });
    expect(await unknown.json()).toEqual(await answer.json());

    // The welcome email went to the same address at sign-up: this one is the reset link.
    const email = await until(() =>
      held.find((h) => h.body.to.includes(form.email) && h.body.subject.startsWith("Réinitialisation")),
    );
    expect(email.headers.authorization).toBe("Bearer re_held");
    expect(email.body.text).toContain(`${stack.url}/api/auth/reset-password/`);
    email.release();

    const status = await until(async () => {
      const { rows } = await testDbClient(dbFile).execute({
        sql: "SELECT status FROM outbox WHERE recipient = ? AND json_extract(payload, '$.template') = 'passwordReset'",
        args: [form.email],
      });
      // The row is claimed ("queued") before the send, then carries its outcome.
      const status = rows[0]?.status as string | undefined;
      return status === "queued" ? undefined : status;
    });
    expect(status).toBe("sent");
    expect(held.filter((h) => h.body.to.includes("inconnu@exemple.fr"))).toHaveLength(0);
  });
});

describe("Resend's contract for notices", () => {
  it("sends a notice from the no-reply sender with HTML, text and, being non-essential, the one-click unsubscribe headers", async () => {
    const [parent, sitter] = [validRegistration(), validRegistration({ user_type: "babysitter" })];
    for (const form of [parent, sitter]) expect((await post("/api/auth/sign-up/email", form)).status).toBe(200);
    const signedIn = await post("/api/auth/sign-in/email", { email: sitter.email, password: sitter.password });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const db = testDbClient(dbFile);
    const bookingId = crypto.randomUUID();
    const ids = await db.execute({
      sql: "SELECT id, user_type FROM profiles WHERE email IN (?, ?)",
      args: [parent.email as string, sitter.email as string],
    });
    const idOf = (type: string) => String(ids.rows.find((row) => row.user_type === type)!.id);
    const start = new Date(Date.now() + 72 * 3_600_000);
    await db.execute({
      sql: `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
            VALUES (?, ?, ?, ?, ?, 1500, 4500, 'pending')`,
      args: [
        bookingId,
        idOf("parent"),
        idOf("babysitter"),
        start.toISOString(),
        new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      ],
    });
    const declined = await fetch(`${stack.url}/api/bookings/${bookingId}/status`, {
      method: "PATCH",
      headers: { "content-type": "application/json", cookie, origin: stack.url },
      body: JSON.stringify({ action: "decline" }),
    });
    expect(declined.status).toBe(200);
    const email = await until(() =>
      held.find((h) => h.body.to.includes(parent.email as string) && h.body.subject === "Réservation refusée"),
    );
    email.release();
    expect(email.body.from).toBe("Veilleuse <no-reply@veilleuse.fr>");
    expect(email.body.html).toContain("max-width:600px");
    expect(email.body.text).toContain(`${stack.url}/bookings/${bookingId}`);
    expect(email.body.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.body.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${stack.url}/api/unsubscribe\\?token=[\\w.-]+>$`),
    );
    const welcome = await until(() =>
      held.find((h) => h.body.to.includes(parent.email as string) && h.body.subject.startsWith("Bienvenue")),
    );
    expect(welcome.body.headers).toBeUndefined();
  });
});
