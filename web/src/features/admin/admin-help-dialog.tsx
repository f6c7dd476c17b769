import { useModalDialog } from "@web/components/ui/use-modal-dialog";
import { useId } from "react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { adminTexts } from "./texts";

// The address the access-denied page gives too (web/src/app/guards.tsx, which a feature may not import).
const TECH_TEAM_EMAIL = "equipe-technique@veilleuse.fr";

/**
 * The sidebar's Help: a short note on how the console works, then the technical team's address. A
 * panel rather than a bare mailto link: most questions are about the console itself, and a mailto
 * link does nothing on a machine without a mail client (the address can still be copied from here).
 * The native <dialog> in modal mode keeps the focus inside, closes on Escape and makes the page
 * behind it inert.
 */
export function AdminHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(adminTexts);
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: the sidebar's state says whether it is open
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-night-900 shadow-xl backdrop:bg-night-950/60"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {t("admin.help.title")}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        <li>{t("admin.help.menu")}</li>
        <li>{t("admin.help.search")}</li>
        <li>{t("admin.help.narrow")}</li>
      </ul>
      <p className="mt-4 text-slate-700">
        {t("admin.help.contact")}{" "}
        <a className="font-semibold text-glow-900 underline" href={`mailto:${TECH_TEAM_EMAIL}`}>
          {TECH_TEAM_EMAIL}
        </a>
      </p>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t("admin.help.close")}
        </Button>
      </div>
    </dialog>
  );
}
