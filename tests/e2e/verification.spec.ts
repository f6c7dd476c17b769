// /verification/upload: a new babysitter reaches it from her profile, sees her three required
// cards, has a text file posing as a PDF refused on choice (nothing sent), sends her ID (a PNG) and
// her proof of address (a PDF), views her ID in a new tab, withdraws the proof, has a criminal record
// over 3 months old refused by the server, then sends it with today's date; the rows are in the
// database. A parent sees two cards, a refusal's reason and the team's note, and may not send a
// criminal record. An English reader sees the page, the state and the date in English.
import type { Page } from "@playwright/test";
import { PNG } from "../fixtures/images";
import { blockingViolations } from "./axe";
import {
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb,
  readsEnglish,
  registerThroughApi,
  signedInNewParent,
  smallTargets,
  test,
  toast,
  waitForApp,
  type NewAccount,
} from "./fixtures";

// Sign-ups are limited per address: this file has one of its own.
test.use({ extraHTTPHeaders: ownClientAddress() });

const SENT = "Document envoyé : notre équipe le vérifie sous 48 h";
const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const pngFile = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(PNG) });
const pdfFile = (name: string) => ({ name, mimeType: "application/pdf", buffer: PDF_BYTES });

/** A Paris calendar day, `daysAgo` days before today, as YYYY-MM-DD. */
const parisDay = (daysAgo = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date(Date.now() - daysAgo * 86_400_000));

/** A new account of `userType`, registered (email confirmed) and signed in on this page's context. */
async function signedInNewSitter(page: Page): Promise<NewAccount> {
  const account = newAccount("babysitter");
  await registerThroughApi(page.request, account);
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status(), `sign-in of ${account.email}`).toBe(200);
  return account;
}

/** From the profile page, by clicking, as a member finds it. */
async function openFromProfile(page: Page) {
  await page.goto("/profile");
  await waitForApp(page);
  await page.getByRole("link", { name: "Vérifier mon identité" }).click();
  await page.waitForURL("**/verification/upload");
  await expect(page.getByRole("heading", { level: 1, name: "Vérification d'identité" })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const badge = (region: ReturnType<typeof card>, text: string) => region.getByText(text, { exact: true });
const sectionTitles = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 });

const documentsOf = (email: string) =>
  queryStackDb(
    `SELECT d.kind, d.status, d.issued_on, d.mime_type, d.file_name FROM identity_documents d
     JOIN profiles p ON p.id = d.profile_id WHERE p.email = ? ORDER BY d.kind`,
    [email],
  );

test("a new babysitter sends her documents from her profile: a fake PDF is refused on choice, the server refuses an old record, one is withdrawn", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await signedInNewSitter(page);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/verification/documents")
      uploads.push(request.url());
  });

  await openFromProfile(page);
  await expect(page.getByText("Votre profil n'est pas encore vérifié")).toBeVisible();
  await expect(
    page.getByText(
      "Vos documents restent privés : seule l'équipe Veilleuse les consulte, et les fichiers sont supprimés 30 jours après la décision.",
    ),
  ).toBeVisible();
  await expect(sectionTitles(page)).toHaveText([
    "Votre profil n'est pas encore vérifié",
    "Pièce d'identité",
    "Justificatif de domicile",
    "Extrait de casier judiciaire (bulletin n°3)",
    "Diplômes et références",
  ]);
  const id = card(page, "Pièce d'identité");
  const address = card(page, "Justificatif de domicile");
  const record = card(page, "Extrait de casier judiciaire (bulletin n°3)");
  await expect(id.getByText("Carte d'identité (recto et verso) ou page photo du passeport")).toBeVisible();
  await expect(id.getByLabel("Verso (facultatif)")).toBeVisible();
  await expect(record.getByLabel("Date de délivrance")).toBeVisible();
  for (const region of [id, address, record]) await expect(badge(region, "À envoyer")).toBeVisible();

  // A text file named .pdf: refused under the field as soon as it is chosen, and never sent.
  await address
    .getByLabel("Fichier")
    .setInputFiles({ name: "facture.pdf", mimeType: "application/pdf", buffer: Buffer.from("Facture EDF, en texte") });
  const wrongType = "Format non accepté : choisissez un JPEG, un PNG, un WebP ou un PDF";
  await expect(address.getByText(wrongType)).toBeVisible();
  await address.getByRole("button", { name: "Envoyer le document" }).click();
  await expect(address.getByText(wrongType)).toBeVisible();
  // Every form open, one in error, no toast yet (sonner's close buttons are the toaster's own).
  expect((await blockingViolations(page)).blocking).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);

  // Her ID as a real PNG, her proof of address as a PDF: both wait for the team.
  await id.getByLabel("Recto ou page photo du passeport").setInputFiles(pngFile("carte-identite.png"));
  await id.getByRole("button", { name: "Envoyer le document" }).click();
  await expect(toast(page, SENT)).toBeVisible();
  await expect(badge(id, "En cours de vérification")).toBeVisible();
  await expect(id.getByRole("button", { name: "Envoyer le document" })).toHaveCount(0);
  await expect(id.getByText(/^Envoyé le .+ : carte-identite\.png$/)).toBeVisible();

  await address.getByLabel("Fichier").setInputFiles(pdfFile("facture.pdf"));
  await expect(address.getByText(wrongType)).toHaveCount(0);
  await address.getByRole("button", { name: "Envoyer le document" }).click();
  await expect(badge(address, "En cours de vérification")).toBeVisible();
  expect(uploads).toHaveLength(2); // the fake PDF never left

  // 'Voir' opens her own file in a new tab, through a signed link.
  const fileAnswer = page
    .context()
    .waitForEvent("response", (response) => response.url().includes("/api/verification/files/"));
  const popup = page.waitForEvent("popup");
  await id.getByRole("button", { name: /^Voir/ }).click();
  expect((await fileAnswer).status()).toBe(200);
  expect((await fileAnswer).headers()["content-type"]).toBe("image/png");
  await (await popup).close();

  // She withdraws the proof of address, after confirming: its form is back.
  await address.getByRole("button", { name: /^Retirer/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Retirer ce document ?" });
  await dialog.getByRole("button", { name: "Retirer le document" }).click();
  await expect(toast(page, "Document retiré")).toBeVisible();
  await expect(badge(address, "À envoyer")).toBeVisible();
  await expect(address.getByRole("button", { name: "Envoyer le document" })).toBeVisible();

  // A criminal record issued over 3 months ago: the server's refusal, nothing stored.
  await record.getByLabel("Date de délivrance").fill(parisDay(100));
  await record.getByLabel("Fichier").setInputFiles(pdfFile("casier.pdf"));
  await record.getByRole("button", { name: "Envoyer le document" }).click();
  await expect(toast(page, "L'extrait de casier judiciaire doit dater de moins de 3 mois")).toBeVisible();
  await expect(badge(record, "À envoyer")).toBeVisible();
  // Issued today: it waits for the team.
  await record.getByLabel("Date de délivrance").fill(parisDay());
  await record.getByRole("button", { name: "Envoyer le document" }).click();
  await expect(badge(record, "En cours de vérification")).toBeVisible();
  expect(uploads).toHaveLength(4);

  expect(await documentsOf(account.email)).toEqual([
    expect.objectContaining({
      kind: "criminal_record",
      status: "pending",
      issued_on: parisDay(),
      mime_type: "application/pdf",
    }),
    expect.objectContaining({
      kind: "id_document",
      status: "pending",
      issued_on: null,
      mime_type: "image/png",
      file_name: "carte-identite.png",
    }),
  ]);

  // Documents pending, with their 'Voir' and 'Retirer'.
  expect((await blockingViolations(page)).blocking).toEqual([]);
});

test("a parent sees two cards, a refusal's reason and note with a form to send again, and may not send a criminal record", async ({
  page,
}) => {
  const account = await signedInNewParent(page);
  const sent = await page.request.post("/api/verification/documents", {
    multipart: { kind: "id_document", file: pngFile("passeport.png") },
  });
  expect(sent.status()).toBe(201);
  const refused = await page.request.post("/api/verification/documents", {
    multipart: { kind: "criminal_record", issued_on: parisDay(), file: pdfFile("casier.pdf") },
  });
  expect(refused.status()).toBe(403);
  // The team refuses the ID (the console has its own tests): written here.
  await queryStackDb(
    `UPDATE identity_documents SET status = 'rejected', rejection_code = 'illegible',
       rejection_reason = '<b>Photo floue</b>', reviewed_at = ?
     WHERE profile_id = (SELECT id FROM profiles WHERE email = ?)`,
    [new Date().toISOString(), account.email],
  );

  await openFromProfile(page);
  await expect(sectionTitles(page)).toHaveText([
    "Votre profil n'est pas encore vérifié",
    "Pièce d'identité",
    "Justificatif de domicile",
  ]);
  await expect(page.getByText("Diplômes et références")).toHaveCount(0);
  const id = card(page, "Pièce d'identité");
  await expect(badge(id, "Refusé")).toBeVisible();
  await expect(id.getByText("Motif : Le document est illisible")).toBeVisible();
  await expect(id.getByText("Précision de l'équipe : <b>Photo floue</b>")).toBeVisible(); // as text
  await expect(id.getByRole("button", { name: "Envoyer le document" })).toBeVisible();
  await expect(id.getByRole("button", { name: /^Retirer/ })).toHaveCount(0);
});

test("in English: the page, a document's state and its date read English", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    locale: "en-GB",
    timezoneId: "Europe/Paris",
    extraHTTPHeaders: ownClientAddress(),
  });
  await readsEnglish(context);
  const page = await context.newPage();
  await signedInNewParent(page);
  const sent = await page.request.post("/api/verification/documents", {
    multipart: { kind: "proof_of_address", file: pdfFile("bill.pdf") },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/profile");
  await waitForApp(page);
  await page.getByRole("link", { name: "Verify my identity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Identity verification" })).toBeVisible();
  await expect(sectionTitles(page)).toHaveText([
    "Your profile is not verified yet",
    "Identity document",
    "Proof of address",
  ]);
  const address = card(page, "Proof of address");
  await expect(badge(address, "Being checked")).toBeVisible();
  const today = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Paris",
  }).format(new Date());
  await expect(address.getByText(`Sent on ${today}: bill.pdf`)).toBeVisible();
  await card(page, "Identity document")
    .getByLabel("Front or the passport's photo page")
    .setInputFiles({ name: "id.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
  await expect(page.getByText("Format not accepted: choose a JPEG, PNG, WebP or PDF")).toBeVisible();
  await context.close();
});
