import { describe, expect, it } from "vitest";
import { call, validRegistration } from "./helpers";

const noStackTrace = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\bat [\w.<>]+ \(|Error:|node_modules|\.ts:\d+/);
};

describe("bad input gets a clear 4xx in the user's language", () => {
  it("malformed JSON", async () => {
    const fr = await call("POST", "/api/auth/sign-in/email", { raw: '{"email": "a@b.fr",' });
    expect(fr.status).toBe(400);
    expect(fr.body.error.code).toBe("INVALID_JSON");
    expect(fr.body.error.message).toBe("Requête invalide : le corps n'est pas un JSON valide");
    noStackTrace(fr.body);
    const en = await call("POST", "/api/auth/sign-in/email", {
      raw: "not json",
      headers: { "accept-language": "en-GB,en;q=0.9" },
    });
    expect(en.status).toBe(400);
    expect(en.body.error.message).toBe("Invalid request: the body is not valid JSON");
  });

  it("wrong types", async () => {
    const { status, body } = await call("POST", "/api/auth/sign-in/email", { json: { email: 42, password: ["x"] } });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION");
    expect(body.error.field).toBe("email");
    expect(body.error.message).toBe("Email requis");
    noStackTrace(body);
  });

  it("unknown fields", async () => {
    const { status, body } = await call("POST", "/api/auth/sign-up/email", {
      json: validRegistration({ is_admin: true }),
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "UNKNOWN_FIELD", field: "is_admin", message: "Champ inconnu : is_admin" });
  });

  it("the validation messages, in French and English", async () => {
    const weak = await call("POST", "/api/auth/sign-up/email", { json: validRegistration({ password: "motdepasse" }) });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatchObject({
      field: "password",
      message: "Doit contenir au moins une majuscule, une minuscule et un chiffre",
    });
    const short = await call("POST", "/api/auth/sign-up/email", {
      json: validRegistration({ password: "Ab1" }),
      headers: { "accept-language": "en" },
    });
    expect(short.body.error).toMatchObject({ field: "password", message: "At least 8 characters required" });
    const phone = await call("POST", "/api/auth/sign-up/email", { json: validRegistration({ phone: "12345" }) });
    expect(phone.body.error).toMatchObject({ field: "phone", message: "Numéro de téléphone français invalide" });
    const email = await call("POST", "/api/auth/sign-in/email", {
      json: { email: "pas-un-email", password: "secret12" },
    });
    expect(email.body.error).toMatchObject({ field: "email", message: "Email invalide" });
    const pwd = await call("POST", "/api/auth/sign-in/email", { json: { email: "a@exemple.fr", password: "12345" } });
    expect(pwd.body.error).toMatchObject({ field: "password", message: "Au moins 6 caractères requis" });
  });

  it("an oversized body", async () => {
    const { status, body } = await call("POST", "/api/auth/sign-in/email", {
      json: { email: "a@exemple.fr", password: "x".repeat(100_000) },
    });
    expect(status).toBe(413);
    expect(body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("a protected route without a session", async () => {
    const { status, body } = await call("GET", "/api/me");
    expect(status).toBe(401);
    expect(body.error).toEqual({ code: "UNAUTHORIZED", message: "Session expirée, veuillez vous reconnecter" });
  });
});
