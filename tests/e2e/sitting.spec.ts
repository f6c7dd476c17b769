// The sitting as its two people live it: the babysitter opens her confirmed booking from her
// bookings list, taps 'Je suis arrivée' then 'Je pars'; the parent, whose page is already open,
// sees 'Arrivée hh:mm' and 'Partie hh:mm' appear without reloading (the notice's socket frame).
import {
  expect,
  openBookingFromList,
  queryStackDb as query,
  registeredPair,
  signedInPage,
  test,
  waitForApp,
} from "./fixtures";

const HOUR = 3_600_000;

test("the sitter taps her arrival and departure; the parent's open page shows both live", async ({ newTab }) => {
  const { parentAccount, sitterAccount, parentId, sitterId } = await registeredPair(newTab);
  const bookingId = crypto.randomUUID();
  const start = new Date(Date.now() + 0.5 * HOUR);
  await query(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, 'confirmed')`,
    [bookingId, parentId, sitterId, start.toISOString(), new Date(start.getTime() + 3 * HOUR).toISOString()],
  );

  const parent = await signedInPage(newTab, parentAccount.email, parentAccount.password);
  await parent.goto(`/bookings/${bookingId}`);
  await waitForApp(parent);
  await expect(parent.getByRole("heading", { name: "La garde", exact: true })).toHaveCount(0);

  const sitter = await signedInPage(newTab, sitterAccount.email, sitterAccount.password);
  await openBookingFromList(sitter, bookingId);
  await expect(sitter.getByRole("heading", { name: "La garde", exact: true })).toBeVisible();
  await expect(sitter.getByRole("button", { name: "Je pars" })).toHaveCount(0);
  await sitter.getByRole("button", { name: "Je suis arrivée" }).click();
  await expect(sitter.getByTestId("sitting-times")).toContainText(/Arrivée \d{2}:\d{2}/);

  // The parent did not reload: the notice's frame brought it.
  await expect(parent.getByTestId("sitting-times")).toContainText(/Arrivée \d{2}:\d{2}/);
  await expect(parent.getByRole("button", { name: "Je suis arrivée" })).toHaveCount(0);

  await sitter.getByRole("button", { name: "Je pars" }).click();
  await expect(parent.getByTestId("sitting-times")).toContainText(/Partie \d{2}:\d{2}/);
  const [row] = await query("SELECT checked_in_at, checked_out_at, check_in_distance_m FROM bookings WHERE id = ?", [
    bookingId,
  ]);
  expect(row.checked_in_at).toBeTruthy();
  expect(row.checked_out_at).toBeTruthy();
  // She did not tick the box: no position, no distance.
  expect(row.check_in_distance_m).toBeNull();
});
