// Trust and safety across roles, as each person meets it:
// - a new babysitter sends her three documents from her profile's link; the team approves them
//   (through the console's API: the console's page has its own spec, admin-verifications); a parent
//   then finds her in search with the 'Profil vérifié' badge, and with the 'Profils vérifiés
//   uniquement' filter on;
// - with auto-block off, a message carrying a phone number reaches the parent already flagged; she
//   reports it from its bubble; an admin rejects it; it reads 'Message retiré par la modération' in
//   both threads.
import { Buffer } from "node:buffer";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { DEMO_AI_SETTINGS } from "../../db/seed/build-operations";
import {
  expect,
  newAccount,
  ownClientAddress,
  queryStackDb as query,
  registerThroughApi,
  signedInPage,
  test,
  waitForApp,
} from "./fixtures";

test.use({ extraHTTPHeaders: ownClientAddress() });

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
const parisToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

test("a sitter's documents, once approved, give her the badge parents see in search", async ({ newTab, page }) => {
  const sitterAccount = { ...newAccount("babysitter"), city: "Paris" };
  await registerThroughApi(page.request, sitterAccount);
  const [row] = await query("SELECT id FROM profiles WHERE email = ?", [sitterAccount.email]);
  // Listed in search: her own rate, a presentation and an evening a week (the profile tests cover those forms).
  await query("UPDATE profiles SET bio = 'Étudiante en éducation, douce et ponctuelle.' WHERE id = ?", [row.id]);
  await query(
    `UPDATE babysitter_profiles SET rate_chosen_at = '2026-01-01T00:00:00.000Z', available_hours = '{"fri":[["18:00","23:00"]]}' WHERE profile_id = ?`,
    [row.id],
  );

  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  await sitter.goto("/profile");
  await waitForApp(sitter);
  await sitter.getByRole("link", { name: "Vérifier mon identité" }).click();
  await expect(sitter).toHaveURL(/\/verification\/upload$/);
  const send = async (kind: string, file: { name: string; mimeType: string; buffer: Buffer }, date?: string) => {
    const box = sitter.getByTestId(`document-${kind}`);
    await box.locator('input[type="file"]').first().setInputFiles(file);
    if (date) await box.getByLabel("Date de délivrance").fill(date);
    await box.getByRole("button", { name: /Envoyer/ }).click();
    await expect(box.getByText("En cours de vérification").first()).toBeVisible();
  };
  await send("id_document", { name: "recto.png", mimeType: "image/png", buffer: PNG });
  await send("proof_of_address", { name: "facture.pdf", mimeType: "application/pdf", buffer: PDF });
  await send("criminal_record", { name: "casier.pdf", mimeType: "application/pdf", buffer: PDF }, parisToday());

  // The team approves the three (the console's page has its own test; its API is what it calls).
  const admin = await signedInPage(newTab, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const documents = await query("SELECT id FROM identity_documents WHERE profile_id = ?", [row.id]);
  expect(documents).toHaveLength(3);
  for (const { id } of documents) {
    const approved = await admin.request.post(`/api/admin/verifications/${id}/approve`);
    expect(approved.status()).toBe(200);
  }

  const parent = await signedInPage(newTab, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await parent.goto("/");
  await waitForApp(parent);
  await parent.getByRole("navigation").first().getByRole("link", { name: "Rechercher" }).first().click();
  await parent.getByLabel("Nom, ville ou présentation").fill(sitterAccount.lastName);
  const name = `${sitterAccount.firstName} ${sitterAccount.lastName}`;
  const found = parent.getByRole("article", { name });
  await expect(found).toBeVisible();
  await expect(found.getByText("Profil vérifié")).toBeVisible();
  await parent.getByRole("button", { name: /Filtres avancés/ }).click();
  await parent.getByRole("checkbox", { name: "Profils vérifiés uniquement" }).check();
  await expect(parent).toHaveURL(/verifiedOnly=true/);
  await expect(parent.getByRole("article", { name })).toBeVisible();
});

test("a phone number in a message is flagged; the parent reports it; rejected, it is removed in both threads", async ({
  newTab,
  page,
}) => {
  const admin = await signedInPage(newTab, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const security = (changes: Record<string, unknown>) =>
    admin.request.put("/api/admin/ai-config/security", { data: { ...DEMO_AI_SETTINGS.security, ...changes } });
  expect((await security({ autoBlockEnabled: false })).status()).toBe(200);
  try {
    const parentAccount = newAccount("parent");
    const sitterAccount = newAccount("babysitter");
    await registerThroughApi(page.request, parentAccount);
    await registerThroughApi(page.request, sitterAccount);
    const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
    const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
    const [sitterRow] = await query("SELECT id FROM profiles WHERE email = ?", [sitterAccount.email]);
    const opened = await parent.request.post("/api/conversations", { data: { partner_id: sitterRow.id } });
    const conversationId = (await opened.json()).id as string;
    const sent = await sitter.request.post(`/api/conversations/${conversationId}/messages`, {
      data: {
        content: "Appelez-moi directement au 06 12 34 56 78, ce sera plus simple",
        client_id: crypto.randomUUID(),
      },
    });
    const messageId = String((await sent.json()).id);
    const [flag] = await query(
      "SELECT source, status FROM flagged_content WHERE type = 'message' AND resource_id = ?",
      [messageId],
    );
    expect(flag).toMatchObject({ source: "auto", status: "pending" });

    await parent.goto("/messages");
    await waitForApp(parent);
    await parent
      .getByRole("link", { name: new RegExp(sitterAccount.firstName) })
      .first()
      .click();
    const bubble = parent.locator(`li[data-message-id="${messageId}"]`);
    await expect(bubble).toContainText("06 12 34 56 78");
    await bubble.getByRole("button", { name: "Signaler ce message" }).click();
    const dialog = parent.getByRole("dialog");
    await dialog.getByLabel(/Motif/).selectOption("off_platform_contact");
    await dialog.getByRole("button", { name: "Envoyer le signalement" }).click();
    await expect(dialog.getByText(/Merci, votre signalement a été transmis/)).toBeVisible();

    const [report] = await query(
      "SELECT id FROM flagged_content WHERE type = 'message' AND resource_id = ? AND source = 'report'",
      [messageId],
    );
    const rejected = await admin.request.post(`/api/admin/moderation/${report.id}/reject`, {
      data: { statement: "Coordonnées partagées avant toute réservation." },
    });
    expect(rejected.status()).toBe(200);

    await parent.reload();
    await expect(parent.locator(`li[data-message-id="${messageId}"]`)).toContainText(
      "Message retiré par la modération",
    );
    await sitter.goto(`/messages/${conversationId}`);
    await waitForApp(sitter);
    await expect(sitter.locator(`li[data-message-id="${messageId}"]`)).toContainText(
      "Message retiré par la modération",
    );
    await expect(sitter.locator(`li[data-message-id="${messageId}"]`)).not.toContainText("06 12 34 56 78");
  } finally {
    expect((await security({})).status()).toBe(200);
  }
});
