// The account emails: a reset link (asked for, or offered when the account was blocked) and the
// notice that the password changed. (The full template set comes with notifications.)
import type { Db } from "@db/client";
import { LOGIN_THROTTLE, MINUTE_MS, PASSWORD_RESET_TTL_MINUTES } from "@db/constants/limits";
import type { Env } from "../env";
import type { Lang } from "../lib/i18n";
import { sendEmail } from "./email";

export type ResetLinkEmail = "passwordReset" | "accountBlocked";
export type AccountEmail = ResetLinkEmail | "passwordChanged";

type Texts = { subject: string; body: (name: string, url: string) => string };

const HOURS = PASSWORD_RESET_TTL_MINUTES / 60;
const BLOCK_MINUTES = LOGIN_THROTTLE.blockMs / MINUTE_MS;

const TEXTS: Record<AccountEmail, Record<Lang, Texts>> = {
  passwordReset: {
    fr: {
      subject: "Réinitialisation de votre mot de passe Veilleuse",
      body: (name, url) =>
        `Bonjour ${name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${HOURS} heure) :\n${url}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet email.\n\nL'équipe Veilleuse`,
    },
    en: {
      subject: "Reset your Veilleuse password",
      body: (name, url) =>
        `Hello ${name},\n\nTo choose a new password, open this link (valid for ${HOURS} hour):\n${url}\n\nIf you did not ask for this, ignore this email.\n\nThe Veilleuse team`,
    },
  },
  accountBlocked: {
    fr: {
      subject: "Connexion à votre compte Veilleuse bloquée",
      body: (name, url) =>
        `Bonjour ${name},\n\nAprès plusieurs mots de passe incorrects, la connexion à votre compte est bloquée pendant ${BLOCK_MINUTES} minutes. Vos sessions déjà ouvertes ne sont pas touchées.\n\nSi c'était vous, vous pouvez choisir un nouveau mot de passe dès maintenant, ce qui lève le blocage (lien valable ${HOURS} heure) :\n${url}\n\nSi ce n'était pas vous, quelqu'un a peut-être essayé de deviner votre mot de passe : changer de mot de passe par ce lien vous protège.\n\nL'équipe Veilleuse`,
    },
    en: {
      subject: "Sign-in to your Veilleuse account is blocked",
      body: (name, url) =>
        `Hello ${name},\n\nAfter several wrong passwords, signing in to your account is blocked for ${BLOCK_MINUTES} minutes. Sessions already open are not affected.\n\nIf it was you, you can choose a new password now, which lifts the block (link valid for ${HOURS} hour):\n${url}\n\nIf it was not you, someone may have tried to guess your password: changing it through this link protects you.\n\nThe Veilleuse team`,
    },
  },
  passwordChanged: {
    fr: {
      subject: "Votre mot de passe Veilleuse a été modifié",
      body: (name, url) =>
        `Bonjour ${name},\n\nLe mot de passe de votre compte vient d'être modifié, et toutes vos sessions ont été fermées.\n\nSi ce n'était pas vous, demandez tout de suite un nouveau mot de passe :\n${url}\n\nL'équipe Veilleuse`,
    },
    en: {
      subject: "Your Veilleuse password was changed",
      body: (name, url) =>
        `Hello ${name},\n\nThe password of your account was just changed, and all your sessions were signed out.\n\nIf it was not you, ask for a new password at once:\n${url}\n\nThe Veilleuse team`,
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

type AccountEmailInput = { to: string; name: string; url: string; lang: Lang };

/** For passwordChanged, `url` is where to ask for a new password (/forgot-password). */
export function sendAccountEmail(env: Env, db: Db, template: AccountEmail, input: AccountEmailInput) {
  const texts = TEXTS[template][input.lang];
  const text = texts.body(input.name, input.url);
  const html = `<div style="max-width:600px;font-family:sans-serif">${escapeHtml(text).replace(/\n/g, "<br>")}</div>`;
  return sendEmail(env, db, { to: input.to, subject: texts.subject, text, html, template });
}
