// What every email, SMS and push says, in the recipient's language (the product's templates are
// listed below: EMAIL_TEMPLATES, SMS_TEMPLATES, PUSH_TEMPLATES). Pure functions: the unit tests
// render each one in French and English. Texts live in edge/i18n ("events", "emails"); this file
// only lays them out.
import { LOCALE_TAGS } from "@db/i18n/languages";
import { PARIS_TIME_ZONE, parisEndTime, parisTimeRange } from "@db/time/paris-time";
import { translate, type Lang } from "../lib/i18n";

/** The events with an email template of their own; every other event uses the generic notice layout. */
export const EMAIL_TEMPLATES = [
  "welcome",
  "bookingConfirmation",
  "bookingReminder",
  "invoice",
  "emergencyAlert",
  "identityVerification",
  "passwordReset",
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];
export const SMS_TEMPLATES = [
  "bookingConfirmation",
  "bookingReminder",
  "emergencyAlert",
  "paymentFailed",
  "urgentRequest",
] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];
export const PUSH_TEMPLATES = ["bookingConfirmation", "newMessage", "emergencyAlert", "urgentRequest"] as const;
export type PushTemplate = (typeof PUSH_TEMPLATES)[number];

/**
 * A value filled into a text. Instants and amounts stay raw until the recipient's language is
 * known: `date` 'samedi 5 décembre', `time` '18:30' (with `since`, a sitting's start: '01:00 (+1 j)'
 * when it ends on a later day), `day` '5 décembre 2026' (all Paris time), `euros` from cents, `text`
 * an i18n key translated for the recipient, `from`-`to` two days, `hours` a sitting's start and end
 * ('20:00 – 01:00 (+1 j)', the one time-range formatter of db/time/paris-time.ts).
 */
export type Param =
  | string
  | number
  | { date: string }
  | { time: string; since?: string }
  | { day: string }
  | { euros: number }
  | { text: string }
  | { from: string; to: string }
  | { hours: [string, string] };

function formattersOf(lang: Lang) {
  const locale = LOCALE_TAGS[lang];
  return {
    date: new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: PARIS_TIME_ZONE,
    }),
    time: new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: PARIS_TIME_ZONE }),
    day: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: PARIS_TIME_ZONE }),
    euros: new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }),
  };
}

/** Built once per language (an Intl formatter is costly to make; every notice formats several values). */
const FORMATTERS: Record<Lang, ReturnType<typeof formattersOf>> = { fr: formattersOf("fr"), en: formattersOf("en") };

export function formatParam(lang: Lang, value: Param): string | number {
  if (typeof value !== "object") return value;
  const format = FORMATTERS[lang];
  if ("date" in value) return format.date.format(new Date(value.date));
  if ("time" in value)
    return value.since ? parisEndTime(value.since, value.time, lang) : format.time.format(new Date(value.time));
  if ("day" in value) return format.day.format(new Date(value.day));
  if ("euros" in value) return format.euros.format(value.euros / 100);
  if ("hours" in value) return parisTimeRange(value.hours[0], value.hours[1], lang);
  if ("from" in value) return `${format.day.format(new Date(value.from))} – ${format.day.format(new Date(value.to))}`;
  return translate(lang, value.text);
}

export const formatParams = (lang: Lang, params: Record<string, Param>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, formatParam(lang, value)]));

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** One line of an email's details table: an "events.details" label and its value. */
export type Detail = { label: string; value: Param };

export type EmailContent = {
  lang: Lang;
  title: string;
  /** Paragraphs of plain text (user text inside is escaped in the HTML part). */
  paragraphs: string[];
  details?: { label: string; value: string }[];
  action?: { label: string; url: string };
  /** Non-essential mail: where the preferences are, and the one-click unsubscribe page. */
  preferencesUrl?: string;
  unsubscribeUrl?: string;
  /** Always shown: the privacy policy (/privacy). */
  privacyUrl: string;
};

const COLOURS = { ink: "#0b1326", muted: "#475569", line: "#e2e8f0", button: "#0b1326" };

/** The 600 px email every template shares, and its plain-text part saying the same. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const t = (key: string) => translate(content.lang, key);
  const details = content.details ?? [];
  const footer = [
    content.preferencesUrl && [t("events.email.footer"), content.preferencesUrl],
    content.unsubscribeUrl && [t("events.email.unsubscribe"), content.unsubscribeUrl],
    [t("events.email.privacy"), content.privacyUrl],
  ].filter((line): line is string[] => Array.isArray(line));

  const text = [
    content.title,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map((detail) => `${detail.label} : ${detail.value}`),
    ...(details.length ? [""] : []),
    ...(content.action ? [`${content.action.label} : ${content.action.url}`, ""] : []),
    "—",
    t("events.email.signature"),
    ...footer.map(([label, url]) => `${label} ${url}`),
    t("events.email.noReply"),
  ].join("\n");

  const cell = `style="padding:6px 0;border-bottom:1px solid ${COLOURS.line};font-size:14px"`;
  const rows = details
    .map(
      (detail) =>
        `<tr><td ${cell}><strong>${escapeHtml(detail.label)}</strong></td><td ${cell}>${escapeHtml(detail.value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html>
<html lang="${content.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:12px;font-family:Arial,Helvetica,sans-serif;color:${COLOURS.ink}">
<tr><td style="padding:20px 28px;border-bottom:1px solid ${COLOURS.line};font-size:18px;font-weight:bold">Veilleuse</td></tr>
<tr><td style="padding:24px 28px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 14px;font-size:15px;line-height:1.5">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`).join("\n")}
${rows ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 18px">${rows}</table>` : ""}
${content.action ? `<p style="margin:18px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${COLOURS.button};color:#ffffff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` : ""}
<p style="margin:18px 0 0;font-size:14px">${escapeHtml(t("events.email.signature"))}</p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${COLOURS.line};font-size:12px;line-height:1.6;color:${COLOURS.muted}">
${footer.map(([label, url]) => `${escapeHtml(label!)} <a href="${escapeHtml(url!)}" style="color:${COLOURS.muted}">${escapeHtml(url!)}</a><br>`).join("\n")}
${escapeHtml(t("events.email.noReply"))}
</td></tr>
</table></td></tr></table>
</body></html>`;
  return { html, text };
}

/** The SMS: SMS_TEMPLATES' events have their own short text ('URGENCE …' with 15); others say the message. */
export function renderSms(
  lang: Lang,
  template: SmsTemplate | null,
  event: string,
  params: Record<string, string | number>,
): string {
  const key = template ? `events.${event}.sms` : "events.sms.generic";
  return translate(lang, key, params);
}
