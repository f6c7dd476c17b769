// The console's Moderation section as the demo admin uses it, by clicks, on reports made through the
// API in the test: a new babysitter writes to a new parent a threat (with markup, which must show as
// text) and a message with a link; the parent reports both. From the sidebar to the pending queue
// (its stat cards are the database's), filtered to 'Élevée' and 'Message' (in the URL), the threat's
// page: its content as text, the reporter and her words, no signal. 'Rejeter' without a statement is
// refused in the page (nothing sent), then rejected with one: the decision shows (status, reviewer,
// statement), no action is left, the database says rejected and the message is removed from the
// thread. Back on the queue (its filters kept), the other report ('Moyenne'): its 'Lien' signal and
// score, approved without a statement, no action left, the message still in the thread. The decided
// queues show each on top; the stat cards moved. The item's page in English. axe and tap targets.
import type { Browser, Locator, Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  type NewAccount,
  ownClientAddress,
  queryStackDb,
  readsEnglish,
  registerThroughApi,
  smallTargets,
  test,
  toast,
  userMenuButton,
} from "./fixtures";
import { sendByApi } from "./messages-helpers";
import { signInAs } from "./profile-helpers";

// Sign-in and sign-up are limited per address: this file's own.
test.use({ extraHTTPHeaders: ownClientAddress() });

const ADMIN_NAME = `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`;

type Member = NewAccount & { id: string; name: string };

/** A new member registered and signed in on a context of her own (its request carries her session). */
async function member(browser: Browser, baseURL: string, userType: "parent" | "babysitter") {
  const account = newAccount(userType);
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await registerThroughApi(context.request, account);
  const signedIn = await context.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status(), `sign-in of ${account.email}`).toBe(200);
  const me = (await (await context.request.get("/api/me")).json()) as { profile: { id: string } };
  const person: Member = { ...account, id: me.profile.id, name: `${account.firstName} ${account.lastName}` };
  return { person, context };
}

type Reported = { id: number; content: string; details: string };

/** The sitter's threat and her message with a link, both reported by the parent (through the API). */
async function reportedMessages(browser: Browser, baseURL: string) {
  const { person: parent, context: parentContext } = await member(browser, baseURL, "parent");
  const { person: sitter, context: sitterContext } = await member(browser, baseURL, "babysitter");
  try {
    const opened = await parentContext.request.post("/api/conversations", { data: { partner_id: sitter.id } });
    expect(opened.ok(), "conversation opened").toBe(true);
    const conversationId = ((await opened.json()) as { id: string }).id;
    const send = async (content: string) =>
      ((await sendByApi(sitterContext.request, conversationId, content)) as { id: number }).id;
    const report = async (messageId: number, reason: string, details: string) => {
      const sent = await parentContext.request.post("/api/reports", {
        data: { type: "message", resource_id: String(messageId), reason, details },
      });
      expect(sent.ok(), `report of message ${messageId}`).toBe(true);
    };
    const tag = sitter.lastName;
    const threat = {
      content: `Je viendrai chez vous <b>ce soir</b>, vous allez le regretter ${tag}.`,
      details: `Elle me menace depuis hier ${tag}.`,
    };
    const link = {
      content: `Mes disponibilités sont sur https://example.com/planning ${tag}`,
      details: `Un lien vers un site extérieur ${tag}.`,
    };
    const threatId = await send(threat.content);
    const linkId = await send(link.content);
    await report(threatId, "harassment", threat.details);
    await report(linkId, "off_platform_contact", link.details);
    return {
      parent,
      sitter,
      threat: { id: threatId, ...threat } satisfies Reported,
      link: { id: linkId, ...link } satisfies Reported,
    };
  } finally {
    await Promise.all([parentContext.close(), sitterContext.close()]);
  }
}

const countOf = async (where: string, args: (string | number)[] = []) =>
  Number((await queryStackDb(`SELECT count(*) AS n FROM flagged_content WHERE ${where}`, args))[0].n);

/** A stat card's value. */
const statCard = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Chiffres de la modération" })
    .locator("div", { has: page.getByText(label, { exact: true }) })
    .locator("dd");

const rowOf = (table: Locator, text: string) => table.locator("tbody tr").filter({ hasText: text });

async function expectAccessible(page: Page) {
  expect((await blockingViolations(page)).blocking).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
}

const itemOf = (messageId: number) =>
  queryStackDb(
    "SELECT f.id, f.status, f.statement, f.hidden_at, m.removed_at FROM flagged_content f JOIN messages m ON m.id = CAST(f.resource_id AS INTEGER) WHERE f.type = 'message' AND f.resource_id = ? AND f.source = 'report'",
    [String(messageId)],
  );

test("an admin reviews reported messages: filters, a threat rejected with its statement, a link approved", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { parent, sitter, threat, link } = await reportedMessages(browser, baseURL!);
  // Each report is one pending item; the threat carries no signal, so the filter raised nothing of its own.
  expect(await itemOf(threat.id)).toMatchObject([{ status: "pending", hidden_at: null, removed_at: null }]);
  expect(await countOf("type = 'message' AND resource_id = ?", [String(threat.id)])).toBe(1);
  const [threatItem] = await itemOf(threat.id);
  const [linkItem] = await itemOf(link.id);

  // In through the header's menu and the console's sidebar.
  await signInAs(page, "admin");
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: /^Modération/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modération");
  await expect(page).toHaveTitle("Modération · Administration · Veilleuse");

  // The stat cards are the database's; the pending queue opens.
  const pending = await countOf("status = 'pending'");
  await expect(statCard(page, "En attente")).toHaveText(String(pending));
  await expect(statCard(page, "Escaladés")).toHaveText(String(await countOf("status = 'escalated'")));
  const approvedBefore = Number(await statCard(page, "Approuvés (30 j)").innerText());
  const rejectedBefore = Number(await statCard(page, "Rejetés (30 j)").innerText());
  const status = page.getByRole("combobox", { name: "Statut" });
  await expect(status).toHaveValue("pending");
  const table = page.getByRole("table", { name: "Éléments signalés" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Type",
    "Contenu",
    "Motif",
    "Source",
    "Gravité",
    "Score IA",
    "Signalé le",
    "Auteur",
  ]);
  await expectAccessible(page);

  // Filtered to high-severity messages (in the URL): the threat is there, the link's report is not.
  await page.getByRole("combobox", { name: "Gravité" }).selectOption({ label: "Élevée" });
  await page.getByRole("combobox", { name: "Type de contenu" }).selectOption({ label: "Message" });
  await expect(page).toHaveURL(/\/admin\/moderation\?severity=high&type=message$/);
  const pendingHighMessages = await countOf("status = 'pending' AND severity = 'high' AND type = 'message'");
  await expect(table.locator("tbody tr")).toHaveCount(Math.min(pendingHighMessages, 25));
  await expect(table.locator("tbody tr").getByTestId("moderation-severity")).toHaveText(
    Array(Math.min(pendingHighMessages, 25)).fill("Élevée"),
  );
  await expect(rowOf(table, link.content)).toHaveCount(0);
  const threatRow = rowOf(table, threat.content);
  await expect(threatRow).toHaveCount(1);
  await expect(threatRow).toContainText("Message");
  await expect(threatRow).toContainText("Harcèlement ou menaces");
  await expect(threatRow).toContainText("Signalement");
  await expect(threatRow).toContainText("0 %");
  await expect(threatRow).toContainText(sitter.name);
  await expect(threatRow).toContainText("Baby-sitter");

  // The threat's page: its content as text (the markup is not read as HTML), the report, the author.
  await threatRow.getByRole("link", { name: threat.content }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/moderation/${threatItem.id}$`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Message signalé" })).toBeVisible();
  await expect(main.getByTestId("moderation-content")).toHaveText(threat.content);
  await expect(main.locator("b")).toHaveCount(0);
  await expect(main.getByTestId("moderation-visibility")).toHaveText("Visible");
  const report = main.getByRole("region", { name: "Signalement" });
  await expect(report).toContainText("Harcèlement ou menaces");
  await expect(report).toContainText(parent.name);
  await expect(report).toContainText(threat.details);
  await expect(report.locator("div", { hasText: "Signaux détectés" }).last().locator("dd")).toHaveText("Aucun");
  const author = main.getByRole("region", { name: "Auteur" });
  await expect(author).toContainText(sitter.email);
  await expect(author.getByRole("link", { name: `Voir le compte de ${sitter.name}` })).toHaveAttribute(
    "href",
    `/admin/users/${sitter.id}`,
  );
  const decision = main.getByRole("region", { name: "Décision" });
  await expect(decision).toContainText("le message est retiré du fil");
  await expect(decision).toContainText("Au bout de 3 rejets, son compte est suspendu.");
  await expect(decision.getByRole("button")).toHaveText(["Approuver", "Rejeter", "Escalader"]);
  await expectAccessible(page);

  // 'Rejeter' without a statement: refused in the page, nothing sent.
  const statement = decision.getByRole("textbox", { name: "Exposé des motifs (envoyé à l'auteur)" });
  await decision.getByRole("button", { name: "Rejeter" }).click();
  await expect(statement).toHaveAttribute("aria-invalid", "true");
  await expect(statement).toHaveAccessibleDescription(
    "Rédigez l'exposé des motifs pour rejeter : l'auteur le recevra.",
  );
  await expect(statement).toBeFocused();
  expect(await itemOf(threat.id)).toMatchObject([{ status: "pending" }]);

  // Rejected with its statement: the decision shows, no action is left, the message leaves the thread.
  const reasons = `Les menaces sont interdites sur Veilleuse (${sitter.lastName}).`;
  await statement.fill(reasons);
  await expect(statement).not.toHaveAttribute("aria-invalid", "true");
  await decision.getByRole("button", { name: "Rejeter" }).click();
  await expect(toast(page, "Élément rejeté : le contenu est retiré.")).toBeVisible();
  await expect(decision.getByTestId("moderation-status")).toHaveText("Rejeté");
  await expect(decision).toContainText(ADMIN_NAME);
  await expect(decision).toContainText(reasons);
  await expect(decision.getByRole("button")).toHaveCount(0);
  await expect(decision.getByRole("heading", { name: "Décision" })).toBeFocused();
  await expect(main.getByTestId("moderation-visibility")).toHaveText("Masqué en ce moment");
  const [rejected] = await itemOf(threat.id);
  expect(rejected).toMatchObject({ status: "rejected", statement: reasons });
  expect(rejected.removed_at).toBeTruthy();
  expect(rejected.hidden_at).toBeTruthy();
  await expectAccessible(page);

  // Back to the queue as she left it: the threat has left it; the link's report is a medium one.
  await page.getByRole("link", { name: "Retour à la file de modération" }).click();
  await expect(page).toHaveURL(/\/admin\/moderation\?severity=high&type=message$/);
  await expect(page.getByRole("combobox", { name: "Gravité" })).toHaveValue("high");
  await expect(rowOf(table, threat.content)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Gravité" }).selectOption({ label: "Moyenne" });
  await expect(page).toHaveURL(/\/admin\/moderation\?severity=medium&type=message$/);
  const linkRow = rowOf(table, link.content);
  await expect(linkRow).toContainText("Contact ou paiement hors plateforme");
  await expect(linkRow).toContainText("60 %");
  await linkRow.getByRole("link", { name: link.content }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/moderation/${linkItem.id}$`));
  await expect(report.getByRole("listitem")).toHaveText(["Lien"]);
  await expect(report).toContainText(link.details);

  // Approved without a statement: no action left, the message stays in the thread.
  await decision.getByRole("button", { name: "Approuver" }).click();
  await expect(toast(page, "Élément approuvé.")).toBeVisible();
  await expect(decision.getByTestId("moderation-status")).toHaveText("Approuvé");
  await expect(decision).toContainText(ADMIN_NAME);
  await expect(decision.getByRole("button")).toHaveCount(0);
  await expect(decision.getByRole("textbox")).toHaveCount(0);
  expect(await itemOf(link.id)).toMatchObject([{ status: "approved", statement: null, removed_at: null }]);
  // Not offered after a reload either, and the server refuses a second decision.
  await page.reload();
  await expect(decision.getByTestId("moderation-status")).toHaveText("Approuvé");
  await expect(decision.getByRole("button")).toHaveCount(0);
  const again = await page.request.post(`/api/admin/moderation/${linkItem.id}/reject`, {
    data: { statement: "Trop tard." },
  });
  expect(again.status()).toBe(409);

  // The decided queues, latest decision first; the stat cards moved.
  await page.getByRole("link", { name: "Retour à la file de modération" }).click();
  await expect(statCard(page, "En attente")).toHaveText(String(pending - 2));
  await expect(statCard(page, "Approuvés (30 j)")).toHaveText(String(approvedBefore + 1));
  await expect(statCard(page, "Rejetés (30 j)")).toHaveText(String(rejectedBefore + 1));
  await page.getByRole("button", { name: "Effacer les filtres" }).click();
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  await status.selectOption({ label: "Rejetés" });
  await expect(page).toHaveURL(/\/admin\/moderation\?status=rejected$/);
  const firstRow = table.locator("tbody tr").first();
  await expect(firstRow).toContainText(threat.content);
  await expect(firstRow).toContainText(ADMIN_NAME);
  await expect(table.getByRole("columnheader")).toHaveText([
    "Type",
    "Contenu",
    "Motif",
    "Source",
    "Gravité",
    "Score IA",
    "Signalé le",
    "Auteur",
    "Décidé le",
    "Par",
  ]);
  await status.selectOption({ label: "Approuvés" });
  await expect(firstRow).toContainText(link.content);
  await expectAccessible(page);

  // The rejected item's page, in English.
  await readsEnglish(page.context());
  await page.goto(`/admin/moderation/${threatItem.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moderation");
  await expect(main.getByRole("heading", { level: 2, name: "Flagged message" })).toBeVisible();
  const decisionEn = main.getByRole("region", { name: "Decision" });
  await expect(decisionEn.getByTestId("moderation-status")).toHaveText("Rejected");
  await expect(decisionEn).toContainText("Statement of reasons");
  await expect(decisionEn).toContainText(reasons);
  await expect(main.getByRole("region", { name: "Report" })).toContainText("Harassment or threats");
  await expect(main.getByTestId("moderation-visibility")).toHaveText("Hidden at the moment");
  await expectAccessible(page);
});
