// The account's own emails, outside the notice pipeline because they go to an address rather than a
// profile (a reset link, the notice of a blocked sign-in, the email verification link, the 'you
// already have an account' answer to a sign-up, the deletion receipt) or because the
// caller asked for them (the preferences' test email). Essential mail: no unsubscribe link.
import type { Db } from "@db/client";
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  LOGIN_THROTTLE,
  MINUTE_MS,
  PASSWORD_RESET_TTL_MINUTES,
} from "@db/constants/limits";
import type { Env } from "../env";
import { publicOrigin } from "../lib/config";
import { translate, type Lang } from "../lib/i18n";
import { sendEmail } from "./email";
import { renderEmail } from "./templates";

/** A reset link's email: asked for, offered after a sign-in block, or a new agency manager's first. */
export type ResetLinkEmail = "passwordReset" | "accountBlocked" | "agencyWelcome";

/** Fills every template: links are valid for HOURS, a block lasts BLOCK_MINUTES. */
const HOURS = PASSWORD_RESET_TTL_MINUTES / 60;
const BLOCK_MINUTES = LOGIN_THROTTLE.blockMs / MINUTE_MS;

type PlainEmail = {
  to: string;
  lang: Lang;
  /** Recorded in the outbox. */
  template: string;
  subject: string;
  /** Paragraphs separated by blank lines. */
  body: string;
  action?: { label: string; url: string };
  idempotencyKey?: string;
};

/** An email of a few paragraphs in the shared 600 px layout, with its text part. */
export function sendPlainEmail(env: Env, db: Db, email: PlainEmail) {
  const { html, text } = renderEmail({
    lang: email.lang,
    title: email.subject,
    paragraphs: email.body.split(/\n{2,}/),
    action: email.action,
    privacyUrl: `${publicOrigin(env)}/privacy`,
  });
  const message = { to: email.to, subject: email.subject, html, text, template: email.template };
  return sendEmail(env, db, message, email.idempotencyKey ?? null);
}

/** The passwordReset email template, and the blocked sign-in notice carrying the same kind of link. */
export function sendResetLinkEmail(
  env: Env,
  db: Db,
  template: ResetLinkEmail,
  input: { to: string; name: string; url: string; lang: Lang },
) {
  const params = { name: input.name, url: input.url, hours: HOURS, minutes: BLOCK_MINUTES };
  const t = (part: string) => translate(input.lang, `emails.${template}.${part}`, params);
  return sendPlainEmail(env, db, {
    to: input.to,
    lang: input.lang,
    template,
    subject: t("subject"),
    body: t("body"),
    action: { label: t("action"), url: input.url },
  });
}

/**
 * The welcome family's verification email: the link that confirms the address (valid
 * EMAIL_VERIFICATION_TTL_HOURS), in the account's language. The welcome notice says what the account
 * gives; this one carries the link, so it also works as the resent link.
 */
export function sendVerificationLinkEmail(
  env: Env,
  db: Db,
  input: { to: string; name: string; url: string; lang: Lang },
) {
  const t = (part: string) =>
    translate(input.lang, `emails.verifyEmail.${part}`, {
      name: input.name,
      url: input.url,
      hours: EMAIL_VERIFICATION_TTL_HOURS,
    });
  return sendPlainEmail(env, db, {
    to: input.to,
    lang: input.lang,
    template: "verifyEmail",
    subject: t("subject"),
    body: t("body"),
    action: { label: t("action"), url: input.url },
  });
}

/**
 * A sign-up with an address that already has an account: the screen says what it says for a new
 * account (no enumeration), and the owner learns it here, with the ways in (sign-in, a new password).
 */
export function sendExistingAccountEmail(env: Env, db: Db, input: { to: string; name: string; lang: Lang }) {
  const origin = publicOrigin(env);
  const params = { name: input.name, signInUrl: `${origin}/login`, resetUrl: `${origin}/forgot-password` };
  const t = (part: string) => translate(input.lang, `emails.existingAccount.${part}`, params);
  return sendPlainEmail(env, db, {
    to: input.to,
    lang: input.lang,
    template: "existingAccount",
    subject: t("subject"),
    body: t("body"),
    action: { label: t("action"), url: params.signInUrl },
  });
}
