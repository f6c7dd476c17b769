// The console's Verifications section as the demo admin uses it, by clicks: from the sidebar to the
// pending queue (its stat cards and its order are the database's), a seeded document's PDF link, then
// a new babysitter's two documents (PNG images she sent through the API) found on the queue's last
// page. Her identity document: the image shown (decoded), her details, her other document; refused
// through the dialog (a missing reason, then a missing note for 'Autre', refused first): the decision,
// its reason and note show, no action is left, and the server refuses a second decision. Her proof of
// address, reached from 'Ses autres documents': approved. Back on the queue (its page kept), the stat
// cards moved and each decided queue shows her document first. Once the files are deleted, the page
// says so. axe and tap targets on the queue and on a document's page.
import type { Locator, Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { PDF, PNG } from "../fixtures/images";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb,
  registerThroughApi,
  smallTargets,
  test,
  toast,
  userMenuButton,
  type NewAccount,
} from "./fixtures";
import { signInAs } from "./profile-helpers";

// Sign-in and sign-up are limited per address: this file's own.
test.use({ extraHTTPHeaders: ownClientAddress() });

const PAGE_SIZE = 25;
const ADMIN_NAME = `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`;
const REASONS = [
  "Choisissez un motif",
  "Illisible",
  "Incomplet (recto-verso)",
  "Document expiré",
  "Nom différent du profil",
  "Extrait de casier de plus de 3 mois",
  "Mauvais document",
  "Autre",
];

/**
 * A new babysitter who sent her identity card (a 1×1 PNG front, a PDF back) and her proof of address
 * (a PNG); their ids by kind.
 */
async function sitterWithDocuments(
  page: Page,
  baseURL: string,
): Promise<{ account: NewAccount; ids: Record<string, string> }> {
  const account = newAccount("babysitter");
  const context = await page.context().browser()!.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  try {
    await registerThroughApi(context.request, account);
    const signedIn = await context.request.post("/api/auth/sign-in/email", {
      data: { email: account.email, password: account.password },
    });
    expect(signedIn.status(), `sign-in of ${account.email}`).toBe(200);
    const ids: Record<string, string> = {};
    for (const kind of ["id_document", "proof_of_address"]) {
      const png = { name: `${kind}.png`, mimeType: "image/png", buffer: Buffer.from(PNG) };
      const back = { name: "verso.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) };
      const sent = await context.request.post("/api/verification/documents", {
        multipart: { kind, file: png, ...(kind === "id_document" && { back }) },
      });
      expect(sent.status(), `upload of ${kind}`).toBe(201);
      ids[kind] = ((await sent.json()) as { id: string }).id;
    }
    return { account, ids };
  } finally {
    await context.close();
  }
}

const countOf = async (where: string) =>
  Number((await queryStackDb(`SELECT count(*) AS n FROM identity_documents WHERE ${where}`))[0].n);

type StatLabel = "En attente" | "Approuvés (30 j)" | "Refusés (30 j)" | "Expirent sous 30 j";

/** A stat card's value. */
const statCard = (page: Page, label: StatLabel) =>
  page
    .getByRole("region", { name: "Chiffres des vérifications" })
    .locator("div", { has: page.getByText(label, { exact: true }) })
    .locator("dd");

const row = (table: Locator, ...texts: string[]) =>
  texts.reduce((rows, text) => rows.filter({ hasText: text }), table.getByRole("row"));

async function expectAccessible(page: Page) {
  expect((await blockingViolations(page)).blocking).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
}

test("an admin reviews identity documents: the queue, a sitter's image, a refusal with its reason, an approval", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { account, ids } = await sitterWithDocuments(page, baseURL!);
  const name = `${account.firstName} ${account.lastName}`;

  // In through the header's menu and the console's sidebar.
  await signInAs(page, "admin");
  await userMenuButton(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Administration", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: /^Vérifications/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/verifications$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vérifications");
  await expect(page).toHaveTitle("Vérifications · Administration · Veilleuse");

  // The pending queue: its count, the stat cards, who waited longest first.
  const pending = await countOf("status = 'pending'");
  const pages = Math.ceil(pending / PAGE_SIZE);
  await expect(statCard(page, "En attente")).toHaveText(String(pending));
  const approvedBefore = Number(await statCard(page, "Approuvés (30 j)").innerText());
  const rejectedBefore = Number(await statCard(page, "Refusés (30 j)").innerText());
  await expect(statCard(page, "Expirent sous 30 j")).toHaveText(/^\d+$/);
  await expect(page.getByRole("combobox", { name: "Statut" })).toHaveValue("pending");
  const table = page.getByRole("table", { name: "Documents d'identité" });
  const pager = page.getByRole("navigation", { name: "Pagination des documents" });
  await expect(pager).toContainText(`${pending} documents · Page 1 sur ${pages}`);
  await expect(table.locator("tbody tr")).toHaveCount(Math.min(pending, PAGE_SIZE));
  const [oldest] = await queryStackDb(
    `SELECT p.first_name || ' ' || p.last_name AS name FROM identity_documents d JOIN profiles p ON p.id = d.profile_id
     WHERE d.status = 'pending' ORDER BY d.created_at, d.id LIMIT 1`,
  );
  await expect(table.locator("tbody tr").first().getByRole("link")).toHaveText(String(oldest.name));
  await expectAccessible(page);

  // A seeded document (a PDF): its page offers the file through a signed link, in a new tab.
  await table.locator("tbody tr").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/verifications\/[0-9a-f-]{36}$/);
  const pdfLink = page.getByRole("link", { name: /^Ouvrir le PDF/ });
  await expect(pdfLink).toHaveAttribute("href", /\/api\/verification\/files\/[0-9a-f-]{36}\/front\?expires=\d+&sig=/);
  await expect(pdfLink).toHaveAttribute("target", "_blank");
  await page.getByRole("link", { name: "Retour à la file des vérifications" }).click();
  await expect(page).toHaveURL(/\/admin\/verifications$/);

  // The new sitter's documents are the newest: on the last page.
  for (let at = 2; at <= pages; at++) {
    await pager.getByRole("button", { name: "Page suivante" }).click();
    await expect(pager).toContainText(`Page ${at} sur ${pages}`);
  }
  if (pages > 1) await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}$`));
  const identityRow = row(table, name, "Pièce d'identité");
  await expect(identityRow).toHaveCount(1);
  await expect(identityRow).toContainText("Baby-sitter");
  await expect(row(table, name, "Justificatif de domicile")).toHaveCount(1);

  // Her identity card: the front's image, decoded; the back a PDF to open; her details and her other document.
  await identityRow.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/verifications/${ids.id_document}$`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Pièce d'identité" })).toBeVisible();
  const front = main.getByRole("img", { name: `Recto : Pièce d'identité de ${name}` });
  await expect(front).toHaveJSProperty("naturalWidth", 1);
  await expect(main.getByRole("img", { name: /^Verso/ })).toHaveCount(0);
  const backPdf = main.getByRole("figure", { name: "Verso" }).getByRole("link", { name: /^Ouvrir le PDF/ });
  await expect(backPdf).toHaveAttribute("href", new RegExp(`/api/verification/files/${ids.id_document}/back\\?`));
  const holder = main.getByRole("region", { name: "Titulaire" });
  await expect(holder).toContainText(account.email);
  await expect(holder).toContainText(account.city);
  await expect(holder).toContainText("Baby-sitter");
  await expect(holder.locator("div", { hasText: "Profil vérifié" }).locator("dd")).toHaveText("Non");
  const others = main.getByRole("region", { name: "Ses autres documents" });
  await expect(others.getByRole("listitem")).toHaveCount(1);
  await expect(others.getByRole("listitem")).toContainText("En attente");
  const decision = main.getByRole("region", { name: "Décision" });
  await expect(decision.getByTestId("document-status")).toHaveCount(0);
  await expectAccessible(page);

  // Refused: a reason is required, and a note for 'Autre'.
  await decision.getByRole("button", { name: "Refuser" }).click();
  const dialog = page.getByRole("dialog", { name: "Refuser ce document ?" });
  await expect(dialog).toContainText(`Pièce d'identité de ${name}`);
  const reason = dialog.getByRole("combobox", { name: "Motif du refus" });
  await expect(reason.locator("option")).toHaveText(REASONS);
  const confirm = dialog.getByRole("button", { name: "Refuser le document" });
  await confirm.click();
  await expect(dialog.getByText("Choisissez un motif de refus")).toBeVisible();
  await reason.selectOption({ label: "Autre" });
  await confirm.click();
  await expect(dialog.getByText("Précisez le motif dans la note")).toBeVisible();
  const note = `Photo floue ${account.lastName}, merci de la renvoyer.`;
  await dialog.getByRole("textbox", { name: "Note" }).fill(note);
  await expect((await blockingViolations(page)).blocking).toEqual([]);
  await confirm.click();
  await expect(toast(page, "Document refusé.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(decision.getByTestId("document-status")).toHaveText("Refusé");
  await expect(main.getByRole("heading", { level: 2, name: "Pièce d'identité" })).toBeVisible();
  await expect(main.getByTestId("document-status").first()).toHaveText("Refusé");
  await expect(decision).toContainText("Autre");
  await expect(decision).toContainText(note);
  await expect(decision).toContainText(ADMIN_NAME);
  await expect(decision.getByRole("button")).toHaveCount(0);
  await expect(decision.getByRole("heading", { name: "Décision" })).toBeFocused();
  const [refused] = await queryStackDb(
    "SELECT status, rejection_code, rejection_reason FROM identity_documents WHERE id = ?",
    [ids.id_document],
  );
  expect([refused.status, refused.rejection_code, refused.rejection_reason]).toEqual(["rejected", "other", note]);

  // Her proof of address, from her other documents: approved.
  await others.getByRole("link", { name: "Justificatif de domicile" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/verifications/${ids.proof_of_address}$`));
  await expect(main.getByRole("heading", { level: 2, name: "Justificatif de domicile" })).toBeVisible();
  await expect(main.getByRole("img", { name: `Recto : Justificatif de domicile de ${name}` })).toHaveJSProperty(
    "naturalWidth",
    1,
  );
  await expect(others.getByRole("listitem")).toContainText("Refusé");
  await decision.getByRole("button", { name: "Approuver" }).click();
  await expect(toast(page, "Document approuvé.")).toBeVisible();
  await expect(decision.getByTestId("document-status")).toHaveText("Approuvé");
  await expect(decision).toContainText(ADMIN_NAME);
  await expect(decision.getByRole("button")).toHaveCount(0);
  expect(await countOf(`id = '${ids.proof_of_address}' AND status = 'approved'`)).toBe(1);

  // No second decision: not offered after a reload, and refused by the server.
  await page.reload();
  await expect(decision.getByTestId("document-status")).toHaveText("Approuvé");
  await expect(decision.getByRole("button")).toHaveCount(0);
  const again = await page.request.post(`/api/admin/verifications/${ids.proof_of_address}/reject`, {
    data: { reason: "illegible" },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe("NOT_PENDING");

  // Back to the queue as she left it (its last page); the stat cards moved.
  await page.getByRole("link", { name: "Retour à la file des vérifications" }).click();
  await expect(page).toHaveURL(/\/admin\/verifications(\?page=\d+)?$/);
  await expect(statCard(page, "En attente")).toHaveText(String(pending - 2));
  await expect(statCard(page, "Approuvés (30 j)")).toHaveText(String(approvedBefore + 1));
  await expect(statCard(page, "Refusés (30 j)")).toHaveText(String(rejectedBefore + 1));

  // The decided queues, latest decision first: hers on top, with when, by whom and why.
  const status = page.getByRole("combobox", { name: "Statut" });
  await status.selectOption({ label: "Refusés" });
  await expect(page).toHaveURL(/\?status=rejected$/);
  const firstRow = table.locator("tbody tr").first();
  await expect(firstRow).toContainText(name);
  await expect(firstRow).toContainText("Pièce d'identité");
  await expect(firstRow).toContainText(ADMIN_NAME);
  await expect(firstRow).toContainText("Autre");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Personne",
    "Document",
    "Envoyé le",
    "Décision le",
    "Par",
    "Motif",
  ]);
  await status.selectOption({ label: "Approuvés" });
  await expect(page).toHaveURL(/\?status=approved$/);
  await expect(firstRow).toContainText(name);
  await expect(firstRow).toContainText("Justificatif de domicile");
  await expectAccessible(page);

  // Its files deleted (30 days after the decision): the page says so instead of showing them.
  await queryStackDb("UPDATE identity_documents SET files_deleted_at = ? WHERE id = ?", [
    new Date().toISOString(),
    ids.proof_of_address,
  ]);
  await firstRow.getByRole("link", { name }).click();
  await expect(main.getByText("Fichiers supprimés 30 jours après la décision")).toBeVisible();
  await expect(main.getByRole("img")).toHaveCount(0);
});
