// A document's state as its owner sees it: the status badge, when it was sent, a criminal record's
// dates, a refusal's reason and the team's note (rendered as text), and what she can do with it:
// view its files while they are kept, withdraw it while it waits.
import { clsx } from "clsx";
import { useState } from "react";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Button } from "@web/components/ui/button";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import type { IdentityDocument } from "../api/get-verification";
import { type DocumentSide, openDocument } from "../api/open-document";
import { useWithdrawDocument } from "../api/withdraw-document";
import { verificationTexts } from "../texts";

export type BadgeStatus = IdentityDocument["status"] | "none";

/** Each status its colour, every pair AA-contrasted. */
const COLOURS: Record<BadgeStatus, string> = {
  none: "bg-slate-100 text-slate-800 ring-slate-400",
  pending: "bg-amber-50 text-amber-900 ring-amber-300",
  approved: "bg-green-100 text-green-900 ring-green-300",
  rejected: "bg-red-100 text-red-900 ring-red-300",
  expired: "bg-slate-200 text-slate-800 ring-slate-400",
};

export function StatusBadge({ status }: { status: BadgeStatus }) {
  const { t } = useTranslation(verificationTexts);
  return (
    <span
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset",
        COLOURS[status],
      )}
    >
      {t(`verification.status.${status}`)}
    </span>
  );
}

/**
 * The last day an approved criminal record counts: it lapses at midnight, Paris time, starting its
 * expiry day (expires_at), so the day before is the last one it is valid.
 */
const lastValidDay = (expiresAt: string) => new Date(Date.parse(expiresAt) - 1).toISOString();

/** A YYYY-MM-DD date as an instant of that day (noon UTC is that day in Paris too). */
const dayOf = (date: string) => `${date}T12:00:00.000Z`;

/** The facts under a document's title: sent, issued, valid until, or why it was refused. */
export function DocumentDetails({ document }: { document: IdentityDocument }) {
  const { t } = useTranslation(verificationTexts);
  return (
    <div className="grid gap-1 text-sm text-slate-700">
      <p className="break-words">
        {t("verification.status.sentOn", { date: formatDay(document.created_at), name: document.file_name })}
      </p>
      {document.issued_on && <p>{t("verification.status.issuedOn", { date: formatDay(dayOf(document.issued_on)) })}</p>}
      {document.status === "approved" && document.expires_at && (
        <p className="font-semibold text-night-900">
          {t("verification.status.validUntil", { date: formatDay(lastValidDay(document.expires_at)) })}
        </p>
      )}
      {document.status === "rejected" && (
        <>
          {document.rejection_code && (
            <p className="font-semibold text-red-800">
              {t("verification.status.reason", { reason: t(`verification.reasons.${document.rejection_code}`) })}
            </p>
          )}
          {document.rejection_note && (
            <p className="whitespace-pre-line break-words">
              {t("verification.status.note", { note: document.rejection_note })}
            </p>
          )}
        </>
      )}
      {document.files_deleted && <p>{t("verification.status.filesDeleted")}</p>}
    </div>
  );
}

/** 'Voir' (and 'Voir le verso') while the files are kept; 'Retirer', after a confirmation, while it waits. */
export function DocumentActions({ document, label }: { document: IdentityDocument; label: string }) {
  const { t } = useTranslation(verificationTexts);
  const withdraw = useWithdrawDocument();
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState<DocumentSide | null>(null);

  const view = (side: DocumentSide) => {
    setOpening(side);
    openDocument(document, side)
      .catch((error: unknown) => {
        console.error("document could not be opened", error);
        notify.error(serverMessage(error, t, "verification.actions.viewError"));
      })
      .finally(() => setOpening(null));
  };

  const onWithdraw = () =>
    withdraw.mutate(document.id, {
      onSuccess: () => notify.success(t("verification.actions.withdrawn")),
      onError: (error) => {
        console.error("document could not be withdrawn", error);
        notify.error(serverMessage(error, t, "verification.actions.withdrawError"));
      },
      onSettled: () => setConfirming(false),
    });

  const viewable = !document.files_deleted;
  if (!viewable && document.status !== "pending") return null;
  return (
    <div className="flex flex-wrap gap-2">
      {viewable && (
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-600"
          loading={opening === "front"}
          onClick={() => view("front")}
        >
          {t("verification.actions.view")}
          <span className="sr-only"> – {label}</span>
        </Button>
      )}
      {viewable && document.has_back && (
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-600"
          loading={opening === "back"}
          onClick={() => view("back")}
        >
          {t("verification.actions.viewBack")}
          <span className="sr-only"> – {label}</span>
        </Button>
      )}
      {document.status === "pending" && (
        <Button
          variant="ghost"
          size="sm"
          className="border border-red-700 text-red-800"
          onClick={() => setConfirming(true)}
        >
          {t("verification.actions.withdraw")}
          <span className="sr-only"> – {label}</span>
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("verification.actions.withdrawTitle")}
        message={t("verification.actions.withdrawMessage", { label })}
        confirmLabel={t("verification.actions.withdrawConfirm")}
        onConfirm={onWithdraw}
        onCancel={() => setConfirming(false)}
        busy={withdraw.isPending}
      />
    </div>
  );
}
