// 'Ajouter un enfant' on the booking form opens this tab with ?back=/booking/{id}: a link goes back
// to the form, whose values wait in the tab's storage. Only a booking form path is followed, never
// an outside address.
import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router-dom";
import { useTranslation } from "@web/lib/i18n";
import { profileTexts } from "../texts";

const BOOKING_FORM_PATH = /^\/booking\/[\w-]+$/;

export function BackToBooking() {
  const { t } = useTranslation(profileTexts);
  const [params] = useSearchParams();
  const back = params.get("back");
  if (!back || !BOOKING_FORM_PATH.test(back)) return null;
  return (
    <Link
      to={back}
      className="inline-flex items-center gap-2 self-start rounded-xl bg-night-50 px-3 py-2 text-sm font-semibold text-glow-900 underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t("profile.children.backToBooking")}
    </Link>
  );
}
