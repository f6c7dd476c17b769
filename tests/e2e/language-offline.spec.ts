// The language switch offline, in a cold browser. In the full browser: Chromium's headless shell
// did not show the failure this guards against (a toast asked for offline, whose code could not be
// fetched, took the whole page down), which the full browser did.
import { expect, test, waitForApp } from "./fixtures";

test.describe("a browser that never needed the English texts nor a toast", () => {
  // A cold browser: nothing of a lent tab's HTTP cache, which would serve those files offline.
  test.use({ freshTab: true });
  test("offline, a click on a language leaves the page as it is; back online, it switches", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await waitForApp(page);
    const heading = page.getByRole("heading", { level: 1 });
    const headingText = await heading.textContent();
    const english = page.getByRole("banner").getByRole("button", { name: "English" });
    await context.setOffline(true);
    // Neither the English texts nor the toasts' code can be fetched: the page stays, in French.
    const toastsFailed = page.waitForEvent("console", (message) => message.text().startsWith("toasts could not load"));
    await english.click();
    await toastsFailed;
    await expect(heading).toHaveText(headingText!);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await context.setOffline(false);
    await english.click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});
