// /profile: the demo babysitter edits her tab and her photo (and the public page shows it), a parent
// adds and deletes a child through the form and the confirmation dialog, in French and English.
import { PNG } from "../fixtures/images";
import { expect, newAccount, registerThroughApi, test, toast, waitForApp, ownClientAddress } from "./fixtures";
import { expectNoSeriousA11yViolation, profileIdOf, signInAs } from "./profile-helpers";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

const photoFile = (name: string, mimeType: string) => ({ name, mimeType, buffer: Buffer.from(PNG) });

test.describe("the demo babysitter", () => {
  test("edits her babysitter tab and her photo, and her public profile shows them", async ({ page }) => {
    await signInAs(page, "babysitter");
    // What she had, to put it back afterwards (other tests read the demo world).
    const original = await (await page.request.get("/api/profile/babysitter")).json();
    try {
      await page.goto("/profile");
      await waitForApp(page);
      await page.getByRole("tab", { name: "Profil baby-sitter" }).click();
      await expect(page).toHaveURL(/tab=babysitter/);

      await page.getByLabel("Tarif horaire (€)").fill("21,50");
      await page.getByRole("checkbox", { name: "Italien" }).check();
      await page.getByRole("button", { name: "Ajouter une certification" }).click();
      await page
        .getByRole("textbox", { name: /^Certification \d+$/ })
        .last()
        .fill("Sauveteur aquatique");
      // Sunday: remove what is there, then one slot from 10:00 to 12:00.
      const removeSunday = page.getByRole("button", { name: /^Retirer le créneau \d+ du Dimanche$/ });
      while ((await removeSunday.count()) > 0) await removeSunday.first().click();
      await page.getByRole("button", { name: "Ajouter un créneau le Dimanche" }).click();
      await page.getByLabel("Début (Dimanche, créneau 1)").fill("10:00");
      await page.getByLabel("Fin (Dimanche, créneau 1)").fill("12:00");
      await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
      await expect(toast(page, "Profil baby-sitter mis à jour")).toBeVisible();

      // An overlapping slot is refused before anything is sent.
      await page.getByRole("button", { name: "Ajouter un créneau le Dimanche" }).click();
      await page.getByLabel("Début (Dimanche, créneau 2)").fill("11:00");
      await page.getByLabel("Fin (Dimanche, créneau 2)").fill("13:00");
      await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
      await expect(page.getByText("Les créneaux d'une même journée ne doivent pas se chevaucher")).toBeVisible();
      await page.getByRole("button", { name: "Retirer le créneau 2 du Dimanche" }).click();

      // The photo: a PNG claiming to be a JPEG is refused by the server, a real PNG is kept.
      await page.getByRole("tab", { name: "Profil", exact: true }).click();
      await page.getByLabel("Choisir une photo").setInputFiles(photoFile("photo.jpg", "image/jpeg"));
      await page.getByRole("button", { name: "Enregistrer la photo" }).click();
      await expect(toast(page, /ne correspond pas à son format/)).toBeVisible();
      await page.getByLabel("Choisir une photo").setInputFiles(photoFile("photo.png", "image/png"));
      await expect(page.getByRole("img", { name: "Aperçu de la nouvelle photo" })).toBeVisible();
      await page.getByRole("button", { name: "Enregistrer la photo" }).click();
      await expect(toast(page, "Photo mise à jour")).toBeVisible();
      await expect(page.getByRole("img", { name: "Votre photo de profil" })).toHaveAttribute("src", /^\/api\/photos\//);

      const id = await profileIdOf("babysitter");
      await page.goto(`/babysitter/${id}`);
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 1, name: "Léa Dubois" })).toBeVisible();
      await expect(page.getByText(/^21,50\s€ \/ heure$/)).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: /^Italien$/ })).toBeVisible();
      await expect(page.getByText("Sauveteur aquatique")).toBeVisible();
      const sunday = page.getByRole("term").filter({ hasText: "Dimanche" }).locator("xpath=..");
      await expect(sunday.getByRole("listitem")).toHaveText(["10:00 – 12:00"]);
      const photo = page.getByRole("img", { name: "Léa Dubois" });
      await expect(photo).toHaveAttribute("src", /^\/api\/photos\/[0-9a-f-]+\.png$/);
      expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // Her own page: an edit link instead of 'Réserver'.
      await expect(page.getByRole("link", { name: "Modifier mon profil" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Réserver" })).toHaveCount(0);
    } finally {
      await page.request.put("/api/profile/babysitter", { data: original });
      await page.request.delete("/api/profile/photo");
    }
  });

  test("her profile page passes axe, on each tab", async ({ page }) => {
    await signInAs(page, "babysitter");
    await page.goto("/profile");
    await waitForApp(page);
    await expect(page.getByLabel("Prénom")).toHaveValue("Léa");
    await expectNoSeriousA11yViolation(page);
    await page.getByRole("tab", { name: "Profil baby-sitter" }).click();
    await expect(page.getByLabel("Tarif horaire (€)")).toBeVisible();
    await expectNoSeriousA11yViolation(page);
  });
});

test.describe("a parent's children", () => {
  test("are added through a form and deleted after an accessible confirmation", async ({ page }) => {
    await signInAs(page, "parent");
    await page.goto("/profile?tab=children");
    await waitForApp(page);
    const list = page.getByRole("list", { name: "Vos enfants" });
    await expect(list.getByText("Jules")).toBeVisible();

    await page.getByRole("button", { name: "Ajouter un enfant" }).click();
    const form = page.getByRole("form", { name: "Ajouter un enfant" });
    await form.getByLabel("Prénom").fill("Léon");
    await form.getByLabel("Âge (en années)").fill("19");
    await form.getByRole("button", { name: "Ajouter un enfant" }).click();
    await expect(form.getByText("Âge invalide (0-18 ans)")).toBeVisible();
    await form.getByLabel("Âge (en années)").fill("4");
    await form.getByLabel("Allergies (facultatif)").fill("Pollen");
    await form.getByRole("button", { name: "Ajouter un enfant" }).click();
    await expect(toast(page, "Enfant ajouté")).toBeVisible();
    const leon = list.getByRole("listitem").filter({ hasText: "Léon" });
    await expect(leon).toContainText("4 ans");
    await expect(leon).toContainText("Allergies : Pollen");

    await leon.getByRole("button", { name: "Supprimer Léon" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer Léon ?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer cet enfant ?");
    await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
    await expectNoSeriousA11yViolation(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(leon).toBeVisible();

    await leon.getByRole("button", { name: "Supprimer Léon" }).click();
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(toast(page, "Enfant supprimé")).toBeVisible();
    await expect(list.getByText("Léon")).toHaveCount(0);
    await expect(list.getByText("Jules")).toBeVisible();
  });
});

test.describe("in English", () => {
  test.use({ locale: "en-GB" });

  test("a parent adds and deletes a child", async ({ page }) => {
    await signInAs(page, "parent");
    await page.goto("/profile");
    await waitForApp(page);
    await page.getByRole("tab", { name: "My children" }).click();
    await page.getByRole("button", { name: "Add a child" }).click();
    const form = page.getByRole("form", { name: "Add a child" });
    await form.getByLabel("First name").fill("Maxime");
    await form.getByLabel("Age (in years)").fill("abc");
    await form.getByRole("button", { name: "Add a child" }).click();
    await expect(form.getByText("Invalid age (0-18 years)")).toBeVisible();
    await form.getByLabel("Age (in years)").fill("7");
    await form.getByRole("button", { name: "Add a child" }).click();
    await expect(toast(page, "Child added")).toBeVisible();
    const list = page.getByRole("list", { name: "Your children" });
    await list.getByRole("button", { name: "Delete Maxime" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Maxime?" });
    await expect(dialog).toContainText("Are you sure you want to delete this child?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Child deleted")).toBeVisible();
    await expect(list.getByText("Maxime")).toHaveCount(0);
  });

  test("a new parent fills the profile tab, with the rules of the form", async ({ page }) => {
    const account = newAccount("parent");
    await registerThroughApi(page.request, account);
    await page.goto("/login");
    await waitForApp(page);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto("/profile");
    await waitForApp(page);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
    await page.getByLabel("Postal code (optional)").fill("99999");
    await page.getByLabel("About me (optional)").fill("x".repeat(501));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Invalid French postal code")).toBeVisible();
    await expect(page.getByText("Maximum 500 characters allowed")).toBeVisible();
    await page.getByLabel("Postal code (optional)").fill("69003");
    await page.getByLabel("About me (optional)").fill("Two children, Wednesdays and some evenings.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page, "Profile updated")).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.getByLabel("Postal code (optional)")).toHaveValue("69003");
    await expect(page.getByLabel("About me (optional)")).toHaveValue("Two children, Wednesdays and some evenings.");
    await expectNoSeriousA11yViolation(page);
  });
});
