// Agencies as their people live them, by clicks in Chromium, three people at three computers:
// - the demo admin opens the console from the header, reaches 'Agences' from the sidebar, creates an
//   agency (a wrong SIREN is refused under its field before anything is sent; a SIREN already taken is
//   refused under its field by the server) with its first manager, and adds a second manager (an
//   address that has an account is refused under its field);
// - the manager opens the emailed link, chooses her password, signs in and lands on her agency space
//   ('Équipe', empty), invites a new babysitter from 'Invitations';
// - the babysitter opens the notification, reaches 'Mon agence' from it and accepts; the manager's
//   'Équipe' shows her (with her invitation 'Acceptée');
// - a family's two requests to her (made through the API) wait in the agency's 'Demandes'; the manager
//   clicks 'Accepter pour <sitter>' on one, which moves to 'À venir', confirmed, with the child, and
//   'Refuser pour <sitter>' on the other (after a question); the week of the sitting in 'Calendrier'
//   (reached with 'Semaine suivante') shows it confirmed, the month view too, with her weekly
//   availability below; 'Chiffres' has its twelve months; her card counts the confirmed hours, then
//   'Retirer de l'équipe' (after a question) takes her off the team.
// Every page of the agency space and 'Mon agence' pass axe; the manager's and the babysitter's pages
// log no console error and no CSP violation. Then the guards; the demo agency's manager walking her
// space in English; and /register?type=babysitter (the link of an agency's invitation email).
import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { addDays, dateMsOf, parisToday } from "../../db/time/paris-time";
import { blockingViolations } from "./axe";
import {
  expect,
  ownClientAddress,
  queryStackDb as query,
  randomLetters,
  readsEnglish,
  registeredPair,
  resetLinkFor,
  signIn,
  signedInPage,
  test,
  toast,
  userMenuButton,
  waitForApp,
  watchViolations,
} from "./fixtures";

// Sign-ins and sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

const MANAGER_PASSWORD = "Agence2026x";
const DAY_MS = 86_400_000;

/** A SIREN that passes INSEE's Luhn checksum (every other digit from the right doubled), random enough for a run. */
function randomSiren(): string {
  const digits = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10));
  for (let check = 0; check < 10; check++) {
    const candidate = [...digits, check];
    const sum = candidate
      .slice()
      .reverse()
      .reduce((total, digit, index) => {
        const value = index % 2 === 1 ? digit * 2 : digit;
        return total + (value > 9 ? value - 9 : value);
      }, 0);
    if (sum % 10 === 0) return candidate.join("");
  }
  throw new Error("unreachable: one check digit always completes the sum");
}

/** Errors the page logs (console errors, uncaught exceptions), kept for the end of the test. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoBlockingViolation(page: Page, where: string): Promise<void> {
  expect((await blockingViolations(page)).blocking, where).toEqual([]);
}

test("an admin creates an agency; its manager invites a babysitter who accepts, then accepts a family's request for her and finds it in the calendar", async ({
  page,
  newTab,
}) => {
  test.setTimeout(300_000);
  const tag = randomLetters(6);
  const agencyName = `Les Petites Étoiles ${tag}`;
  const siren = randomSiren();
  const managerEmail = `e2e-agency-${Date.now()}-${tag}@example.com`;

  // ---- The admin: console → Agences → 'Créer une agence'. ----
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const sidebar = page.getByRole("navigation", { name: "Menu d'administration" });
  await sidebar.getByRole("link", { name: /^Agences/ }).click();
  await expect(page).toHaveURL(/\/admin\/agencies$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agences");
  await expect(page).toHaveTitle("Agences · Administration · Veilleuse");
  await expect(page.getByRole("main").locator("[aria-busy=true]")).toHaveCount(0);
  await expectNoBlockingViolation(page, "/admin/agencies");

  await page.getByRole("button", { name: "Créer une agence" }).click();
  const dialog = page.getByRole("dialog", { name: "Créer une agence" });
  await dialog.getByLabel("Raison sociale").fill(agencyName);
  await dialog.getByLabel("Numéro SIREN").fill("123 456 789"); // fails the checksum
  await dialog.getByLabel("Email de contact").fill(`contact-${tag}@example.com`);
  await dialog.getByLabel("Prénom").fill("Camille");
  await dialog.getByLabel("Nom", { exact: true }).fill("Bernard");
  await dialog.getByLabel("Email", { exact: true }).fill(managerEmail);
  const posts: string[] = [];
  page.on(
    "request",
    (request) =>
      request.method() === "POST" && request.url().endsWith("/api/admin/agencies") && posts.push(request.url()),
  );
  await dialog.getByRole("button", { name: "Créer l'agence" }).click();
  await expect(dialog.getByText("Numéro SIREN invalide (9 chiffres)")).toBeVisible();
  await expect(dialog.getByLabel("Numéro SIREN")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]); // refused by the form, before the server

  await dialog.getByLabel("Numéro SIREN").fill(siren.replace(/(\d{3})(?=\d)/g, "$1 "));
  await dialog.getByRole("button", { name: "Créer l'agence" }).click();
  await expect(toast(page, `Agence ${agencyName} créée.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("article", { name: agencyName });
  await expect(card).toContainText(siren.replace(/(\d{3})(?=\d)/g, "$1 "));
  await expect(card).toContainText(`Camille Bernard · ${managerEmail}`);
  await expect(card.getByTestId("roster-size")).toHaveText("Aucune baby-sitter");

  // The same SIREN again: the server's refusal lands under the SIREN field.
  await page.getByRole("button", { name: "Créer une agence" }).click();
  await dialog.getByLabel("Raison sociale").fill(`${agencyName} bis`);
  await dialog.getByLabel("Numéro SIREN").fill(siren);
  await dialog.getByLabel("Email de contact").fill(`contact-bis-${tag}@example.com`);
  await dialog.getByLabel("Prénom").fill("Julie");
  await dialog.getByLabel("Nom", { exact: true }).fill("Petit");
  await dialog.getByLabel("Email", { exact: true }).fill(`bis-${managerEmail}`);
  await dialog.getByRole("button", { name: "Créer l'agence" }).click();
  await expect(
    dialog.getByRole("alert").filter({ hasText: "Une agence avec ce numéro SIREN existe déjà." }),
  ).toBeVisible();
  await expect(dialog.getByLabel("Numéro SIREN")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();

  // A second manager: an address that has an account is refused under its field, a new one is added.
  await card.getByRole("button", { name: "Ajouter un responsable" }).click();
  const addManager = page.getByRole("dialog", { name: `Ajouter un responsable à ${agencyName}` });
  await addManager.getByLabel("Prénom").fill("Hugo");
  await addManager.getByLabel("Nom", { exact: true }).fill("Garnier");
  await addManager.getByLabel("Email", { exact: true }).fill(managerEmail);
  await addManager.getByRole("button", { name: "Ajouter le responsable" }).click();
  await expect(
    addManager.getByRole("alert").filter({ hasText: "Cette adresse email a déjà un compte Veilleuse." }),
  ).toBeVisible();
  const secondManager = `second-${managerEmail}`;
  await addManager.getByLabel("Email", { exact: true }).fill(secondManager);
  await addManager.getByRole("button", { name: "Ajouter le responsable" }).click();
  await expect(toast(page, `Responsable ajouté. ${secondManager} a reçu un lien`)).toBeVisible();
  await expect(addManager).toBeHidden();
  await expect(card).toContainText(`Hugo Garnier · ${secondManager}`);

  // ---- The manager: the emailed link, her password, her agency space. ----
  const manager = await newTab({ extraHTTPHeaders: ownClientAddress() });
  const managerErrors = consoleErrors(manager);
  const managerCsp = await watchViolations(manager);
  await manager.goto(await resetLinkFor(managerEmail));
  await expect(manager).toHaveURL(/\/reset-password\?token=/);
  await manager.getByLabel("Nouveau mot de passe").fill(MANAGER_PASSWORD);
  await manager.getByLabel("Confirmer le mot de passe").fill(MANAGER_PASSWORD);
  await manager.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(manager).toHaveURL(/\/login$/);
  await signIn(manager, managerEmail, MANAGER_PASSWORD);
  await expect(manager).toHaveURL(/\/agency$/);
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Équipe");
  await expect(manager.getByText(`Espace agence · ${agencyName}`)).toBeVisible();
  await expect(manager.getByText("Votre équipe est vide pour l'instant.")).toBeVisible();
  const nav = manager.getByRole("navigation", { name: "Navigation principale" });
  // Her menu is her agency's: no search, bookings, messages nor favourites.
  for (const name of ["Équipe", "Demandes", "Calendrier", "Invitations", "Chiffres", "Notifications"])
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  for (const name of ["Rechercher", "Réservations", "Messages", "Favoris"])
    await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expectNoBlockingViolation(manager, "/agency");

  // A new family and a new babysitter (18 EUR/h, evenings every day).
  const { parentAccount, sitterAccount, sitterId } = await registeredPair(newTab);
  const sitterName = `${sitterAccount.firstName} ${sitterAccount.lastName}`;
  const evenings = Object.fromEntries(
    ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [["17:00", "23:00"]]]),
  );
  await query("UPDATE babysitter_profiles SET hourly_rate_cents = 1800, available_hours = ? WHERE profile_id = ?", [
    JSON.stringify(evenings),
    sitterId,
  ]);

  await nav.getByRole("link", { name: "Invitations", exact: true }).click();
  await expect(manager).toHaveURL(/\/agency\/invitations$/);
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Invitations");
  const emailField = manager.getByLabel("Adresse email de la baby-sitter");
  await emailField.fill("pas-une-adresse");
  await manager.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(manager.locator("form").getByText("Email invalide")).toBeVisible();
  await emailField.fill(sitterAccount.email);
  await manager.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(toast(manager, "Invitation envoyée")).toBeVisible();
  await expect(emailField).toHaveValue("");
  const invitations = manager.getByRole("region", { name: "Invitations envoyées" });
  const invitation = invitations.getByRole("listitem").filter({ hasText: sitterAccount.email });
  // Her name shows once she has accepted: until then, only the address the agency typed.
  await expect(invitation).not.toContainText(sitterName);
  await expect(invitation.getByTestId("invitation-status")).toHaveText("En attente");
  await expectNoBlockingViolation(manager, "/agency/invitations");

  // ---- The babysitter: the notification leads to 'Mon agence', where she accepts. ----
  await expect
    .poll(async () => (await query("SELECT count(*) AS n FROM notifications WHERE profile_id = ?", [sitterId]))[0].n, {
      message: "the invitation's notice",
    })
    .toBeGreaterThanOrEqual(1);
  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  const sitterErrors = consoleErrors(sitter);
  const sitterCsp = await watchViolations(sitter);
  await sitter.goto("/dashboard");
  await waitForApp(sitter);
  // 'Mon agence' is in her account menu too.
  await sitter.getByRole("button", { name: `Menu utilisateur (${sitterAccount.firstName})` }).click();
  await expect(sitter.getByRole("banner").getByRole("link", { name: "Mon agence" })).toBeVisible();
  await sitter.getByRole("button", { name: `Menu utilisateur (${sitterAccount.firstName})` }).click();
  await sitter
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Notifications" })
    .click();
  await expect(sitter).toHaveURL(/\/notifications$/);
  await sitter.getByRole("link", { name: "Invitation d'une agence" }).click();
  await expect(sitter).toHaveURL(/\/my-agency$/);
  await expect(sitter.getByRole("heading", { level: 1 })).toHaveText("Mon agence");
  await expect(sitter.getByText("Vous ne faites partie d'aucune agence.")).toBeVisible();
  const offer = sitter.getByRole("article", { name: agencyName });
  await expect(offer).toContainText(`${agencyName} vous invite à rejoindre son équipe.`);
  await expectNoBlockingViolation(sitter, "/my-agency");
  await offer.getByRole("button", { name: "Accepter" }).click();
  await expect(toast(sitter, `Vous avez rejoint l'agence ${agencyName}.`)).toBeVisible();
  await expect(sitter.getByTestId("my-agency")).toContainText(`Vous faites partie de l'agence ${agencyName} depuis le`);
  await expect(sitter.getByText("Aucune invitation en attente.")).toBeVisible();

  // ---- The manager: her team now has the babysitter. ----
  await nav.getByRole("link", { name: "Équipe", exact: true }).click();
  await expect(manager).toHaveURL(/\/agency$/);
  const member = manager.getByRole("article", { name: sitterName });
  await expect(member).toBeVisible();
  await expect(member).toContainText("Lyon");
  await expect(member).toContainText("Non vérifiée");
  await expect(member.getByTestId("upcoming-hours")).toHaveText("0 h 00");
  await expect(member.getByRole("button", { name: "Retirer de l'équipe" })).toBeVisible();
  await nav.getByRole("link", { name: "Invitations", exact: true }).click();
  await expect(invitation.getByTestId("invitation-status")).toHaveText("Acceptée");
  await expect(invitation).toContainText(sitterName);

  // ---- A family asks her for two evenings, nine and ten days ahead (through the API, as the booking form does). ----
  const date = addDays(parisToday(), 9);
  const family = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  const child = await family.request.post("/api/children", { data: { name: "Lou", age: 4 } });
  expect(child.status(), "the family's child").toBe(201);
  const childId: string = (await child.json()).child.id;
  const requestFor = async (day: string) => {
    const created = await family.request.post("/api/bookings", {
      data: { babysitter_id: sitterId, date: day, start_time: "18:00", end_time: "21:00", children_ids: [childId] },
    });
    expect(created.status(), `the family's request for ${day}`).toBe(201);
    return String((await created.json()).booking.id);
  };
  const bookingId = await requestFor(date);
  const otherBookingId = await requestFor(addDays(date, 1));

  // ---- The manager answers it for her from 'Demandes'. ----
  await nav.getByRole("link", { name: "Demandes", exact: true }).click();
  await expect(manager).toHaveURL(/\/agency\/requests$/);
  await expect(manager.getByRole("tab", { name: "À traiter" })).toHaveAttribute("aria-selected", "true");
  const request = manager.locator(`article[data-booking-id="${bookingId}"]`);
  await expect(request).toContainText(sitterName);
  await expect(request).toContainText(`${parentAccount.firstName} ${parentAccount.lastName.slice(0, 1)}. · Lyon`);
  await expect(request.getByTestId("booking-times")).toHaveText("18:00 – 21:00");
  await expect(request).toContainText("54");
  await expect(request.getByTestId("booking-status")).toHaveText("En attente");
  await expectNoBlockingViolation(manager, "/agency/requests");
  await request.getByRole("button", { name: `Accepter pour ${sitterAccount.firstName}` }).click();
  await expect(toast(manager, `Demande acceptée pour ${sitterAccount.firstName}.`)).toBeVisible();
  await expect(request).toHaveCount(0); // no longer a request to answer
  // The other evening: declined for her, after a question.
  const other = manager.locator(`article[data-booking-id="${otherBookingId}"]`);
  await other.getByRole("button", { name: `Refuser pour ${sitterAccount.firstName}` }).click();
  const question = manager.getByRole("alertdialog", { name: `Refuser la demande pour ${sitterAccount.firstName} ?` });
  await expect(question).toContainText(`La famille ${parentAccount.firstName} ${parentAccount.lastName.slice(0, 1)}.`);
  await question.getByRole("button", { name: `Refuser pour ${sitterAccount.firstName}` }).click();
  await expect(toast(manager, `Demande refusée pour ${sitterAccount.firstName}.`)).toBeVisible();
  await expect(other).toHaveCount(0);
  await expect(manager.getByText("Aucune demande à traiter.")).toBeVisible();
  expect((await query("SELECT status FROM bookings WHERE id = ?", [otherBookingId]))[0].status).toBe("cancelled");
  await manager.getByRole("tab", { name: "À venir" }).click();
  await expect(manager).toHaveURL(/\/agency\/requests\?filter=upcoming$/);
  await expect(request.getByTestId("booking-status")).toHaveText("Confirmée");
  await expect(request).toContainText("Lou, 4 ans");
  await expect(request.getByRole("button")).toHaveCount(0);
  expect((await query("SELECT status FROM bookings WHERE id = ?", [bookingId]))[0].status).toBe("confirmed");

  // ---- The calendar: the week of the sitting, by 'Semaine suivante'. ----
  await nav.getByRole("link", { name: "Calendrier", exact: true }).click();
  await expect(manager).toHaveURL(/\/agency\/calendar$/);
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Calendrier");
  const week = manager.getByTestId("calendar-week");
  await expect(week.locator("li[data-day]")).toHaveCount(7);
  const mondayIndex = (day: string) => (new Date(dateMsOf(day)!).getUTCDay() + 6) % 7;
  const mondayMs = (day: string) => dateMsOf(day)! - mondayIndex(day) * DAY_MS;
  const weeksAhead = Math.round((mondayMs(date) - mondayMs(parisToday())) / (7 * DAY_MS));
  for (let step = 0; step < weeksAhead; step++) {
    const shown = await week.locator("li[data-day]").first().getAttribute("data-day");
    await manager.getByRole("button", { name: "Semaine suivante" }).click();
    await expect(week.locator("li[data-day]").first()).not.toHaveAttribute("data-day", shown!);
  }
  const sitting = week.locator(`li[data-day="${date}"] [data-booking-id="${bookingId}"]`);
  await expect(sitting).toHaveAttribute("data-status", "confirmed");
  await expect(sitting).toContainText(sitterName);
  await expect(sitting).toContainText("18:00 – 21:00");
  await expect(sitting).toContainText("Confirmée");
  const availability = manager.getByRole("group", { name: "Disponibilités de l'équipe" });
  await expect(availability.getByRole("row", { name: new RegExp(sitterName) })).toContainText("17:00–23:00");
  await expectNoBlockingViolation(manager, "/agency/calendar (week)");

  await manager.getByRole("button", { name: "Mois", exact: true }).click();
  await expect(manager).toHaveURL(/view=month/);
  const month = manager.getByTestId("calendar-month");
  await expect(month.locator(`td[data-day="${date}"] [data-booking-id="${bookingId}"]`)).toContainText(
    `18:00 ${sitterAccount.firstName}`,
  );
  await expectNoBlockingViolation(manager, "/agency/calendar (month)");

  // ---- The figures: twelve months and their total. ----
  await nav.getByRole("link", { name: "Chiffres", exact: true }).click();
  await expect(manager).toHaveURL(/\/agency\/figures$/);
  const figures = manager.getByTestId("agency-figures");
  await expect(figures.locator("tbody tr")).toHaveCount(12);
  await expect(manager.getByTestId("figures-total")).toContainText("Total sur 12 mois");
  await expectNoBlockingViolation(manager, "/agency/figures");

  // ---- The family's urgent request to the agency reaches her; she takes it; the calendar shows it. ----
  const urgentDate = addDays(parisToday(), 12);
  await family.goto("/dashboard");
  await waitForApp(family);
  await family.getByRole("main").getByRole("link", { name: "Demande urgente", exact: true }).click();
  await family.waitForURL("**/urgent/new");
  await family.getByLabel("Date", { exact: true }).fill(urgentDate);
  await family.getByLabel("Heure de début").fill("19:00");
  await family.getByLabel("Heure de fin").fill("22:00");
  await family.getByRole("checkbox", { name: "Lou, 4 ans" }).check();
  await family.getByLabel("Adresse de la garde").fill("5 rue Mercière, 69002 Lyon");
  const target = family.getByRole("group", { name: "À qui ?" });
  await target.getByRole("radio", { name: "Une agence" }).check();
  await target.getByRole("combobox", { name: "Agence" }).selectOption({ label: `${agencyName} (1 baby-sitter)` });
  await family.getByRole("button", { name: "Envoyer la demande urgente" }).click();
  await family.waitForURL(/\/urgent\/[0-9a-f-]{36}$/);
  const urgentId = new URL(family.url()).pathname.split("/").pop()!;
  await expect(family.getByTestId("urgent-status")).toHaveText("En attente d'une baby-sitter");
  expect(await query("SELECT sitter_id FROM urgent_request_recipients WHERE request_id = ?", [urgentId])).toEqual([
    { sitter_id: sitterId },
  ]);

  // The babysitter opens 'Demandes urgentes' from her menu and takes it.
  await sitter.getByRole("button", { name: `Menu utilisateur (${sitterAccount.firstName})` }).click();
  await sitter.getByRole("banner").getByRole("link", { name: "Demandes urgentes" }).click();
  await sitter.waitForURL(/\/urgent$/);
  const urgentCard = sitter.locator(`article[data-urgent-request-id="${urgentId}"]`);
  await urgentCard.getByRole("button", { name: "Accepter" }).click();
  await expect(toast(sitter, "La garde est à vous !")).toBeVisible();
  await expect(urgentCard.getByTestId("urgent-state")).toHaveText("Acceptée par vous");
  const [urgentBooking] = await query("SELECT booking_id FROM urgent_requests WHERE id = ?", [urgentId]);
  // The family's page turns to the sitter found (it asks again while the request is open).
  await expect(family.getByTestId("urgent-status")).toHaveText("Baby-sitter trouvée", { timeout: 20_000 });

  // The agency's calendar, on the week of that evening, shows the sitting.
  await nav.getByRole("link", { name: "Calendrier", exact: true }).click();
  await expect(manager).toHaveURL(/\/agency\/calendar$/);
  const urgentWeeks = Math.round((mondayMs(urgentDate) - mondayMs(parisToday())) / (7 * DAY_MS));
  for (let step = 0; step < urgentWeeks; step++) {
    const shown = await week.locator("li[data-day]").first().getAttribute("data-day");
    await manager.getByRole("button", { name: "Semaine suivante" }).click();
    await expect(week.locator("li[data-day]").first()).not.toHaveAttribute("data-day", shown!);
  }
  const urgentSitting = week.locator(`li[data-day="${urgentDate}"] [data-booking-id="${urgentBooking.booking_id}"]`);
  await expect(urgentSitting).toHaveAttribute("data-status", "confirmed");
  await expect(urgentSitting).toContainText("19:00 – 22:00");

  // 'Heures': the month's statements (nothing has been sat yet this month) and the export.
  await nav.getByRole("link", { name: "Heures", exact: true }).click();
  await expect(manager).toHaveURL(/\/agency\/hours$/);
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Heures");
  await expect(manager.getByText("Aucune heure confirmée ce mois-ci.")).toBeVisible();
  await expect(manager.getByRole("button", { name: "Exporter le mois (CSV)" })).toBeVisible();
  await expectNoBlockingViolation(manager, "/agency/hours");

  // Her team's card counts the two confirmed evenings still to come.
  await nav.getByRole("link", { name: "Équipe", exact: true }).click();
  await expect(member.getByTestId("upcoming-hours")).toHaveText("6 h 00");

  // Taken off the team, after a question: she is told, the team is empty again.
  await member.getByRole("button", { name: "Retirer de l'équipe" }).click();
  const removal = manager.getByRole("alertdialog", { name: `Retirer ${sitterName} de l'équipe ?` });
  await removal.getByRole("button", { name: "Retirer", exact: true }).click();
  await expect(toast(manager, `${sitterName} ne fait plus partie de l'équipe.`)).toBeVisible();
  await expect(member).toHaveCount(0);
  await expect(manager.getByText("Votre équipe est vide pour l'instant.")).toBeVisible();

  expect(managerErrors, "console errors of the manager's pages").toEqual([]);
  expect(await managerCsp.list()).toEqual([]);
  expect(managerCsp.console).toEqual([]);
  expect(sitterErrors, "console errors of the babysitter's pages").toEqual([]);
  expect(await sitterCsp.list()).toEqual([]);
  expect(sitterCsp.console).toEqual([]);
});

test("the agency space is an agency manager's only, 'Mon agence' a babysitter's", async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/agency/requests");
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expect(page.getByText("L'espace agence est réservé aux responsables d'agence.")).toBeVisible();
  await page.goto("/my-agency");
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  await expect(page.getByText("Cette page est réservée aux baby-sitters.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Aller au tableau de bord" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await page.goto("/agency/calendar");
  await expect(page).toHaveURL(/\/login$/);
});

/** An i18n key or an unfilled placeholder shown as text. */
const RAW_TEXT = /\b(agency|adminAgencies|booking|validation|errors|nav|weekdays)\.[a-zA-Z]+[\w.]*|\{\{\w+\}\}/;
/** French words of the agency space's own texts that its English texts never use. */
const FRENCH_WORDS =
  /\b(Équipe|Demandes|Calendrier|Chiffres|Semaine|Aucune|Inviter|Mois|Familles|Heures|Réservations)\b/;

test("the demo agency's manager walks her space in English: every page speaks English and passes axe", async ({
  newTab,
}) => {
  test.setTimeout(120_000);
  const page = await newTab({ extraHTTPHeaders: ownClientAddress() });
  await readsEnglish(page.context());
  const errors = consoleErrors(page);
  await page.goto("/login");
  await waitForApp(page);
  await page.getByLabel("Email").fill(DEMO_ACCOUNTS.agency.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ACCOUNTS.agency.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/agency$/);
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const [link, title, path] of [
    ["Team", "Team", /\/agency$/],
    ["Requests", "Requests", /\/agency\/requests$/],
    ["Calendar", "Calendar", /\/agency\/calendar$/],
    ["Invitations", "Invitations", /\/agency\/invitations$/],
    ["Figures", "Figures", /\/agency\/figures$/],
    ["Hours", "Hours", /\/agency\/hours$/],
  ] as const) {
    await nav.getByRole("link", { name: link, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · Veilleuse`);
    const main = page.getByRole("main");
    await expect(main.getByText("Agency space · Les Lucioles")).toBeVisible();
    await expect(main.locator("[aria-busy=true]")).toHaveCount(0);
    const text = await main.innerText();
    expect(text, link).not.toMatch(RAW_TEXT);
    expect(text, link).not.toMatch(FRENCH_WORDS);
    await expectNoBlockingViolation(page, link);
  }
  // The demo babysitter is on the team.
  await nav.getByRole("link", { name: "Team", exact: true }).click();
  const { firstName, lastName } = DEMO_ACCOUNTS.babysitter;
  await expect(page.getByRole("article", { name: `${firstName} ${lastName}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an agency's invitation link opens the sign-up with 'Baby-sitter' chosen", async ({ page }) => {
  await page.goto("/register?type=babysitter");
  await waitForApp(page);
  await expect(page.getByRole("radio", { name: /Baby-sitter/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Parent/ })).not.toBeChecked();
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page.getByLabel("Prénom")).toBeVisible();
});

test("an agency proposes another sitter of its team for a request; the family agrees from her booking's page", async ({
  newTab,
}) => {
  test.setTimeout(180_000);
  const tag = randomLetters(6);
  const agencyName = `Relais ${tag}`;
  const managerEmail = `e2e-relais-${Date.now()}-${tag}@example.com`;
  // Set-up through the API: the agency, its manager's password, two sitters on its team, a request.
  const admin = await signedInPage(newTab, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const created = await admin.request.post("/api/admin/agencies", {
    data: {
      name: agencyName,
      siren: randomSiren(),
      contact_email: `contact-${tag}@example.com`,
      manager: { first_name: "Nina", last_name: "Roche", email: managerEmail },
    },
  });
  expect(created.status(), "the agency").toBe(201);
  const setup = await newTab({ extraHTTPHeaders: ownClientAddress() });
  // The emailed link is <origin>/api/auth/reset-password/<token>?callbackURL=...: its token is what the page posts.
  const token = new URL(await resetLinkFor(managerEmail)).pathname.split("/").pop();
  const reset = await setup.request.post("/api/auth/reset-password", {
    data: { newPassword: MANAGER_PASSWORD, token },
  });
  expect(reset.status(), "the manager's password").toBe(200);
  const { parentAccount, sitterAccount, sitterId } = await registeredPair(newTab);
  const second = await registeredPair(newTab);
  const manager = await signedInPage(newTab, managerEmail, MANAGER_PASSWORD);
  for (const account of [sitterAccount, second.sitterAccount]) {
    const invited = await manager.request.post("/api/agency/invitations", { data: { email: account.email } });
    const sitter = await signedInPage(newTab, account.email, account.password);
    const accepted = await sitter.request.post(
      `/api/agency-membership/invitations/${(await invited.json()).invitation.id}/accept`,
    );
    expect(accepted.status(), `${account.email} joins`).toBe(200);
  }
  await query("UPDATE babysitter_profiles SET hourly_rate_cents = 2000 WHERE profile_id = ?", [second.sitterId]);
  const family = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  const child = await family.request.post("/api/children", { data: { name: "Noé", age: 6 } });
  const requested = await family.request.post("/api/bookings", {
    data: {
      babysitter_id: sitterId,
      date: addDays(parisToday(), 15),
      start_time: "18:00",
      end_time: "21:00",
      children_ids: [(await child.json()).child.id],
    },
  });
  expect(requested.status(), "the family's request").toBe(201);
  const bookingId = String((await requested.json()).booking.id);
  const secondName = `${second.sitterAccount.firstName} ${second.sitterAccount.lastName}`;

  // The manager, from 'Demandes', proposes the second sitter.
  await manager.goto("/agency");
  await waitForApp(manager);
  await manager
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Demandes", exact: true })
    .click();
  const request = manager.locator(`article[data-booking-id="${bookingId}"]`);
  await request.getByRole("button", { name: "Proposer une autre baby-sitter" }).click();
  await request.getByLabel(`À la place de ${sitterAccount.firstName}`).selectOption({ label: secondName });
  await request.getByRole("button", { name: "Proposer à la famille" }).click();
  await expect(toast(manager, "Proposition envoyée à la famille.")).toBeVisible();
  expect((await blockingViolations(manager)).blocking).toEqual([]);

  // The family follows her notification to the request and agrees.
  await family.goto("/notifications");
  await waitForApp(family);
  await family.getByRole("link", { name: "Une autre baby-sitter vous est proposée" }).click();
  await expect(family).toHaveURL(new RegExp(`/bookings/${bookingId}$`));
  const proposal = family.getByRole("region", { name: `L'agence ${agencyName} vous propose une autre baby-sitter` });
  await expect(proposal).toContainText(secondName);
  await expect(proposal.getByTestId("reassignment-price")).toHaveText(/^20\s€ \/ heure, soit 60\s€ pour la garde$/);
  expect((await blockingViolations(family)).blocking).toEqual([]);
  await proposal.getByRole("button", { name: `Confier ma demande à ${second.sitterAccount.firstName}` }).click();
  await expect(toast(family, `Votre demande est confiée à ${secondName}.`)).toBeVisible();
  await expect(proposal).toHaveCount(0);
  await expect(family.getByRole("main")).toContainText(second.sitterAccount.firstName);
  expect((await query("SELECT babysitter_id, total_amount_cents FROM bookings WHERE id = ?", [bookingId]))[0]).toEqual({
    babysitter_id: second.sitterId,
    total_amount_cents: 6000,
  });
});
