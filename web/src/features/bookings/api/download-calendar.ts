// GET /api/bookings/{id}/calendar.ics: the booking as an iCalendar file, for its two parties. Through
// the typed client (cookie, or the desktop app's bearer token), saved as a file like an invoice.
import { ApiError, client } from "@web/lib/api-client";
import { saveBlob } from "@web/lib/download-invoice";

export async function downloadCalendar(bookingId: string): Promise<void> {
  const response = (await client.api.bookings[":id"]["calendar.ics"].$get({
    param: { id: bookingId },
  })) as unknown as Response;
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  await saveBlob(await response.blob(), `veilleuse-${bookingId}.ics`);
}
