// The product's email, SMS and push templates in French and English: the 600 px email with its text
// part, the SMS ('URGENCE' and 15 for emergencies), the push, the links, escaping, and the
// unsubscribe link only on non-essential mail.
import { describe, expect, it } from "vitest";
import { composeNotice, isEssential, PRODUCT_EVENTS, type Notice } from "../../edge/services/notifications/notify";
import { formatParam, renderEmail } from "../../edge/delivery/templates";
import { translate } from "../../edge/lib/i18n";

const ORIGIN = "https://veilleuse.example";
const START = "2026-12-05T17:30:00.000Z"; // Saturday 5 December, 18:30 in Paris
const END = "2026-12-05T21:00:00.000Z";

const slot = { date: { date: START }, start: { time: START }, end: { time: END } };

/** One notice per email template (EMAIL_TEMPLATES), as the product builds them. */
const SPEC_NOTICES: Record<string, Notice> = {
  welcome: {
    event: "welcome",
    occurrence: "u1",
    recipientId: "p1",
    params: { roleText: { text: "events.welcome.babysitter" } },
    link: "/dashboard",
  },
  bookingConfirmation: {
    event: "bookingAccepted",
    occurrence: "b1",
    recipientId: "p1",
    params: { otherName: "Léa M.", ...slot },
    details: [
      { label: "date", value: { date: START } },
      { label: "time", value: { hours: [START, END] } },
      { label: "children", value: "Jules, Inès" },
      { label: "amount", value: { euros: 5250 } },
      { label: "phone", value: "Léa M. · +33612345678" },
    ],
    link: "/bookings/b1",
  },
  bookingReminder: {
    event: "bookingReminder",
    occurrence: "b1:p1",
    recipientId: "p1",
    params: { otherName: "Léa M.", ...slot },
    details: [{ label: "address", value: "12 rue des Lilas, Lyon" }],
    link: "/bookings/b1",
  },
  invoice: {
    event: "paymentSucceeded",
    occurrence: "i1",
    recipientId: "p1",
    params: { invoiceNumber: "VEI-2026-000042", amount: { euros: 3900 }, plan: { text: "plans.premium.name" } },
    details: [
      { label: "invoiceNumber", value: "VEI-2026-000042" },
      { label: "period", value: { from: "2026-11-22T10:00:00.000Z", to: "2026-12-22T10:00:00.000Z" } },
    ],
    link: "/settings?tab=subscription",
  },
  emergencyAlert: {
    event: "emergencyAlert",
    occurrence: "e1",
    recipientId: "p1",
    params: { reporterName: "Léa M.", incidentType: "médicale", date: { date: START }, location: "Lyon" },
    link: "/bookings/b1",
    priority: "emergency",
  },
  identityVerification: {
    event: "identityVerification",
    occurrence: "p1",
    recipientId: "p1",
    params: {},
    link: "/verification/upload",
  },
};

const RECIPIENT = {
  fr: { firstName: "Camille", language: "fr" as const },
  en: { firstName: "Camille", language: "en" as const },
};

describe("email templates", () => {
  for (const [template, notice] of Object.entries(SPEC_NOTICES)) {
    for (const lang of ["fr", "en"] as const) {
      it(`${template} in ${lang}: 600 px HTML and a text part saying the same, every text filled`, () => {
        const { email } = composeNotice(notice, RECIPIENT[lang], ORIGIN);
        expect(email.template).toBe(template);
        expect(email.html).toContain('width="600"');
        expect(email.html).toContain("max-width:600px");
        expect(email.html).toContain(`<html lang="${lang}">`);
        expect(email.html).toContain(`href="${ORIGIN}${notice.link.replace("&", "&amp;")}"`);
        expect(email.text).toContain(`${ORIGIN}${notice.link}`);
        expect(email.text).toContain(email.subject);
        for (const part of [email.subject, email.html, email.text]) {
          expect(part).not.toMatch(/\{\{|events\.|plans\./);
        }
        expect(email.text).toContain(`${ORIGIN}/privacy`);
      });
    }
  }

  it("speaks the recipient's language: dates, amounts and words", () => {
    const fr = composeNotice(SPEC_NOTICES.bookingConfirmation, RECIPIENT.fr, ORIGIN).email;
    const en = composeNotice(SPEC_NOTICES.bookingConfirmation, RECIPIENT.en, ORIGIN).email;
    expect(fr.text).toContain("samedi 5 décembre");
    expect(fr.text).toContain("Horaires : 18:30 – 22:00");
    expect(fr.text).toContain("52,50");
    expect(fr.subject).toBe("Réservation confirmée");
    expect(en.text).toContain("Saturday 5 December");
    expect(en.text).toContain("€52.50");
    expect(en.subject).toBe("Booking confirmed");
    const invoice = composeNotice(SPEC_NOTICES.invoice, RECIPIENT.fr, ORIGIN).email;
    expect(invoice.subject).toBe("Votre facture VEI-2026-000042");
    expect(invoice.text).toContain("Premium");
    expect(invoice.text).toContain("22 novembre 2026 – 22 décembre 2026");
  });

  it("escapes what users wrote in the HTML, and keeps it as written in the text", () => {
    const notice: Notice = {
      event: "newMessage",
      occurrence: "c1:1",
      recipientId: "p1",
      params: { otherName: "Léa M.", preview: `<img src=x onerror="alert(1)"> & co` },
      link: "/messages/c1",
    };
    const { email, push } = composeNotice(notice, RECIPIENT.fr, ORIGIN);
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co");
    expect(email.text).toContain(`<img src=x onerror="alert(1)"> & co`);
    expect(push).toMatchObject({ title: "Nouveau message de Léa M.", url: "/messages/c1", template: "newMessage" });
  });

  it("puts the unsubscribe link and the preferences only on non-essential mail", () => {
    const unsubscribe = `${ORIGIN}/unsubscribe?token=abc`;
    const reminder = composeNotice(SPEC_NOTICES.bookingReminder, RECIPIENT.fr, ORIGIN, unsubscribe).email;
    expect(reminder.text).toContain(unsubscribe);
    expect(reminder.html).toContain(`href="${unsubscribe}"`);
    expect(reminder.text).toContain(`${ORIGIN}/settings?tab=notifications`);
    for (const template of ["welcome", "invoice", "emergencyAlert", "identityVerification"]) {
      const notice = SPEC_NOTICES[template];
      expect(isEssential(notice)).toBe(true);
      const { email } = composeNotice(notice, RECIPIENT.fr, ORIGIN, unsubscribe);
      expect(email.text).not.toContain("unsubscribe");
      expect(email.html).not.toContain("unsubscribe");
    }
  });
});

describe("SMS and push templates", () => {
  it("the emergency SMS starts with URGENCE and gives the number 15, in both languages", () => {
    for (const lang of ["fr", "en"] as const) {
      const { sms, push } = composeNotice(SPEC_NOTICES.emergencyAlert, RECIPIENT[lang], ORIGIN);
      expect(sms.template).toBe("emergencyAlert");
      expect(sms.body).toMatch(/^URGENCE/);
      expect(sms.body).toMatch(/\b15\b/);
      expect(sms.body).toContain(`${ORIGIN}/bookings/b1`);
      expect(push.template).toBe("emergencyAlert");
    }
  });

  it("bookingConfirmation, bookingReminder and paymentFailed have their own SMS; others say the message", () => {
    const confirmation = composeNotice(SPEC_NOTICES.bookingConfirmation, RECIPIENT.fr, ORIGIN).sms;
    expect(confirmation).toEqual({
      template: "bookingConfirmation",
      body: `Veilleuse : Léa M. a confirmé votre garde du samedi 5 décembre de 18:30 à 22:00. ${ORIGIN}/bookings/b1`,
    });
    expect(composeNotice(SPEC_NOTICES.bookingReminder, RECIPIENT.en, ORIGIN).sms.body).toMatch(
      /^Veilleuse: reminder, booking with Léa M\. on Saturday 5 December from 18:30 to 22:00\./,
    );
    const failed: Notice = {
      event: "paymentFailed",
      occurrence: "evt_1",
      recipientId: "p1",
      params: { plan: { text: "plans.standard.name" }, amount: { euros: 1900 }, date: { day: START } },
      link: "/settings?tab=subscription",
      priority: "high",
    };
    expect(composeNotice(failed, RECIPIENT.fr, ORIGIN).sms.body).toContain("19,00");
    const review = composeNotice(
      {
        event: "reviewReceived",
        occurrence: "r1",
        recipientId: "p1",
        params: { otherName: "Léa M.", rating: 5 },
        link: "/bookings/b1",
      },
      RECIPIENT.fr,
      ORIGIN,
    ).sms;
    expect(review).toEqual({
      template: "reviewReceived",
      body: `Veilleuse : Léa M. vous a laissé un avis (5/5). ${ORIGIN}/bookings/b1`,
    });
  });

  it("every event has its title and message in both languages", () => {
    for (const event of Object.keys(PRODUCT_EVENTS)) {
      for (const lang of ["fr", "en"] as const) {
        expect(translate(lang, `events.${event}.title`)).not.toBe(`events.${event}.title`);
        expect(translate(lang, `events.${event}.message`)).not.toBe(`events.${event}.message`);
      }
    }
  });
});

describe("the passwordReset template", () => {
  it("states the link's hour of validity, in French and English", () => {
    const params = { name: "Camille", url: `${ORIGIN}/reset-password/t`, hours: 1, minutes: 30 };
    expect(translate("fr", "emails.passwordReset.body", params)).toContain("valable 1 heure");
    expect(translate("en", "emails.passwordReset.body", params)).toContain("valid for 1 hour");
    const { html, text } = renderEmail({
      lang: "fr",
      title: translate("fr", "emails.passwordReset.subject"),
      paragraphs: translate("fr", "emails.passwordReset.body", params).split(/\n{2,}/),
      action: { label: translate("fr", "emails.passwordReset.action"), url: params.url },
      privacyUrl: `${ORIGIN}/privacy`,
    });
    expect(html).toContain(`href="${params.url}"`);
    expect(text).toContain(params.url);
  });

  it("formats the parameters in the recipient's language", () => {
    expect(formatParam("fr", { day: START })).toBe("5 décembre 2026");
    expect(formatParam("en", { day: START })).toBe("5 December 2026");
    expect(formatParam("en", { text: "plans.premium.name" })).toBe("Premium");
  });
});
