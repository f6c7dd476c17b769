import { describe, expect, it } from "vitest";
import { baseUrl, call, openDb, validRegistration } from "./helpers";

async function latestEmailTo(address: string) {
  const db = openDb();
  try {
    const { rows } = await db.execute({
      sql: "SELECT subject, body, status FROM outbox WHERE channel = 'email' AND recipient = ? ORDER BY created_at DESC LIMIT 1",
      args: [address],
    });
    return rows[0] as unknown as { subject: string; body: string; status: string } | undefined;
  } finally {
    db.close();
  }
}

describe("forgot password (email simulated into the outbox without Resend keys)", () => {
  it("emails a 1-hour link whose token sets a new password", async () => {
    const form = validRegistration();
    await call("POST", "/api/auth/sign-up/email", { json: form });
    const asked = await call("POST", "/api/auth/request-password-reset", {
      json: { email: form.email, redirectTo: "/reset-password" },
      headers: { origin: baseUrl() },
    });
    expect(asked.status).toBe(200);

    const email = await latestEmailTo(form.email);
    expect(email).toMatchObject({ subject: "Réinitialisation de votre mot de passe Veilleuse", status: "simulated" });
    expect(email!.body).toContain("valable 1 heure");
    const token = email!.body.match(/reset-password\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const reset = await call("POST", "/api/auth/reset-password", {
      json: { newPassword: "Nouveau2026", token },
      headers: { origin: baseUrl() },
    });
    expect(reset.status).toBe(200);
    const signIn = (password: string) => call("POST", "/api/auth/sign-in/email", { json: { email: form.email, password }, headers: { "cf-connecting-ip": "192.0.2.50" } });
    expect((await signIn("Nouveau2026")).status).toBe(200);
    expect((await signIn(form.password)).status).toBe(401);

    const reused = await call("POST", "/api/auth/reset-password", { json: { newPassword: "Encore2026x", token }, headers: { origin: baseUrl() } });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual({ code: "INVALID_TOKEN", message: "Lien invalide ou expiré" });
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const asked = await call("POST", "/api/auth/request-password-reset", {
      json: { email: "personne@exemple.fr", redirectTo: "/reset-password" },
      headers: { origin: baseUrl() },
    });
    expect(asked.status).toBe(200);
    expect(await latestEmailTo("personne@exemple.fr")).toBeUndefined();
  });
});
