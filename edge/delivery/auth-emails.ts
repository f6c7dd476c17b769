// The account emails: a reset link (asked for, or offered when the account was blocked) and the
// notice that the password changed. (The full template set comes with notifications.)
import type { Db } from "@db/client";
import { LOGIN_THROTTLE, MINUTE_MS, PASSWORD_RESET_TTL_MINUTES } from "@db/constants/limits";
import type { Env } from "../env";
import { translate, type Lang } from "../lib/i18n";
import { sendEmail } from "./email";

export type ResetLinkEmail = "passwordReset" | "accountBlocked";
export type AccountEmail = ResetLinkEmail | "passwordChanged";

/** Fills every template: links are valid for HOURS, a block lasts BLOCK_MINUTES. */
const HOURS = PASSWORD_RESET_TTL_MINUTES / 60;
const BLOCK_MINUTES = LOGIN_THROTTLE.blockMs / MINUTE_MS;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

type AccountEmailInput = { to: string; name: string; url: string; lang: Lang };

/** For passwordChanged, `url` is where to ask for a new password (/forgot-password). */
export function sendAccountEmail(env: Env, db: Db, template: AccountEmail, input: AccountEmailInput) {
  const params = { name: input.name, url: input.url, hours: HOURS, minutes: BLOCK_MINUTES };
  const subject = translate(input.lang, `emails.${template}.subject`);
  const text = translate(input.lang, `emails.${template}.body`, params);
  const html = `<div style="max-width:600px;font-family:sans-serif">${escapeHtml(text).replace(/\n/g, "<br>")}</div>`;
  return sendEmail(env, db, { to: input.to, subject, text, html, template });
}
