// The 'Signaler' controls, for a signed-in viewer and never on her own content: a babysitter's
// profile (and her photo, if any), a review, a message received. Each opens the report dialog, a
// chunk of its own fetched when the control is first pointed at, focused or pressed (it stays out
// of the pages' first load). The pages only place them: what may be reported, and by whom, is here.
import { clsx } from "clsx";
import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { Message } from "@db/validators/messages";
import type { PublicReview } from "@db/validators/public-profile";
import { buttonClasses } from "@web/components/ui/button-styles";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import type { ReportTarget } from "./api/reports";
import { moderationTexts } from "./texts";

/** Something one may report: its type and the id the API wants (a profile's id for its photo). */

const loadDialog = () => import("./report-dialog");
const ReportDialog = lazy(async () => ({ default: (await loadDialog()).ReportDialog }));
const preload = () => void loadDialog().catch(() => undefined); // pressing it tries again

type ReportButtonProps = {
  /** The first is preselected; with more than one the dialog asks which. */
  targets: ReportTarget[];
  /** The accessible name (it starts with the visible 'Signaler'). */
  label: string;
  /** "button": a small outlined button; "link": a text action; "icon": the flag alone (a bubble's). */
  look: "button" | "link" | "icon";
  className?: string;
};

export function ReportButton({ targets, label, look, className }: ReportButtonProps) {
  const { t } = useTranslation(moderationTexts);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        title={look === "icon" ? label : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        className={clsx(
          look === "button" && buttonClasses("ghost", "sm", "border border-night-600"),
          look === "link" &&
            "inline-flex min-h-6 items-center gap-1 rounded-lg px-1 text-sm text-slate-700 underline underline-offset-4 hover:text-night-900",
          look === "icon" &&
            "inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-night-100 hover:text-night-900",
          className,
        )}
      >
        <Flag aria-hidden="true" className={look === "link" ? "h-3.5 w-3.5" : "h-4 w-4"} />
        {look !== "icon" && t("reporting.trigger")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog targets={targets} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** A babysitter's page: her profile, and her photo when she has one (not on one's own page). */
export function ReportProfile({ profileId, hasPhoto }: { profileId: string; hasPhoto: boolean }) {
  const { t } = useTranslation(moderationTexts);
  const { data: viewer } = useSession();
  if (!viewer || viewer.id === profileId) return null;
  const targets: ReportTarget[] = [{ type: "profile", resourceId: profileId }];
  if (hasPhoto) targets.push({ type: "photo", resourceId: profileId });
  return (
    <div className="flex justify-end">
      <ReportButton targets={targets} label={t("reporting.triggerLabel.profile")} look="button" />
    </div>
  );
}

/** A review on a babysitter's page, for a signed-in member who did not write it (the API says which). */
export function ReportReview({ review }: { review: Pick<PublicReview, "id" | "reviewer" | "by_viewer"> }) {
  const { t } = useTranslation(moderationTexts);
  const { data: viewer } = useSession();
  if (!viewer || review.by_viewer) return null;
  const { first_name, last_initial } = review.reviewer;
  return (
    <ReportButton
      targets={[{ type: "review", resourceId: review.id }]}
      label={t("reporting.triggerLabel.review", { name: `${first_name} ${last_initial}.` })}
      look="link"
      className="mt-1"
    />
  );
}

/** A message in a conversation: only one received (the partner's), and not one already removed. */
export function ReportMessage({ message, me }: { message: Message; me: string }) {
  const { t } = useTranslation(moderationTexts);
  if (message.sender_id === me || message.recipient_id !== me || message.removed) return null;
  return (
    <ReportButton
      targets={[{ type: "message", resourceId: String(message.id) }]}
      label={t("reporting.triggerLabel.message")}
      look="icon"
      className="ml-1 self-end"
    />
  );
}
