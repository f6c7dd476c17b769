// The account emails better-auth asks us to send (the full template set comes with notifications).
import type { Db } from "@db/client";
import type { Env } from "../env";
import type { Lang } from "../lib/i18n";
import { sendEmail } from "./email";

const RESET_TEXT = {
  fr: {
    subject: "Réinitialisation de votre mot de passe Veilleuse",
    body: (name: string, url: string) =>
      `Bonjour ${name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure) :\n${url}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet email.\n\nL'équipe Veilleuse`,
  },
  en: {
    subject: "Reset your Veilleuse password",
    body: (name: string, url: string) =>
      `Hello ${name},\n\nTo choose a new password, open this link (valid for 1 hour):\n${url}\n\nIf you did not ask for this, ignore this email.\n\nThe Veilleuse team`,
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

export async function sendPasswordResetEmail(env: Env, db: Db, input: { to: string; name: string; url: string; lang: Lang }) {
  const texts = RESET_TEXT[input.lang];
  const text = texts.body(input.name, input.url);
  const html = `<div style="max-width:600px;font-family:sans-serif">${escapeHtml(text).replace(/\n/g, "<br>")}</div>`;
  return sendEmail(env, db, { to: input.to, subject: texts.subject, text, html, template: "passwordReset" });
}
