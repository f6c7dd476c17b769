// The decision. While the document is pending: 'Approuver' (at once) and 'Refuser' (through the
// reason dialog). Once decided: the status, when and by whom, and for a refusal the reason and the
// note; no action (the server takes a decision only from pending: 409 otherwise). After a decision
// the page shows it at once (the server's answer), the queue and its stat cards are asked again,
// and the focus goes to this panel's title, the buttons being gone.
import { Check, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { RejectDocumentBody, ReviewDocumentDto } from "@db/validators/verification";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { queryClient } from "@web/lib/query-client";
import { serverMessage } from "@web/lib/server-message";
import { useDateTime } from "../../components/date-time";
import { type Decision, useDecision } from "../api/decide";
import type { getVerification } from "../api/get-verification";
import { adminVerificationKeys } from "../api/keys";
import { adminVerificationsTexts } from "../texts";
import { DocumentStatusBadge } from "./document-status-badge";
import { useDocumentLabels } from "./labels";
import { Field, Panel } from "../../components/panel";
import { RejectDialog } from "./reject-dialog";

type Review = Awaited<ReturnType<typeof getVerification>>;

export function DecisionPanel({ document }: { document: ReviewDocumentDto }) {
  const { t } = useTranslation(adminVerificationsTexts);
  const labels = useDocumentLabels();
  const mutation = useDecision(document.id);
  const [rejecting, setRejecting] = useState(false);
  const [justDecided, setJustDecided] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const pending = document.status === "pending";

  // The buttons are gone once decided: the focus goes to the panel's title (after the dialog gave it back).
  useEffect(() => {
    if (justDecided && !pending) titleRef.current?.focus();
  }, [justDecided, pending]);

  const run = async (decision: Decision) => {
    try {
      const decided = await mutation.mutateAsync(decision);
      queryClient.setQueryData<Review>(adminVerificationKeys.detail(document.id), (review) =>
        review ? { ...review, document: decided } : review,
      );
      setRejecting(false);
      setJustDecided(true);
      notify.success(
        t(
          decided.status === "approved"
            ? "adminVerifications.decision.approved"
            : "adminVerifications.decision.rejected",
        ),
      );
    } catch (error) {
      notify.error(serverMessage(error, t, "errors.internal"));
      // A refused reason or note stays open to be corrected; any other refusal (decided meanwhile)
      // closes on the refreshed page, which shows the decision taken.
      if (!(error instanceof ApiError && error.status === 400)) {
        setRejecting(false);
        setJustDecided(true);
      }
      throw error;
    }
  };

  return (
    <Panel title={t("adminVerifications.decision.title")} titleRef={titleRef}>
      {pending ? (
        <>
          <p className="text-slate-700">{t("adminVerifications.decision.pending")}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="secondary"
              loading={mutation.isPending && mutation.variables?.kind === "approve"}
              disabled={mutation.isPending}
              onClick={() => void run({ kind: "approve" }).catch(() => undefined)}
            >
              <Check aria-hidden="true" className="h-4 w-4" />
              {t("adminVerifications.decision.approve")}
            </Button>
            <Button variant="danger" disabled={mutation.isPending} onClick={() => setRejecting(true)}>
              <X aria-hidden="true" className="h-4 w-4" />
              {t("adminVerifications.decision.reject")}
            </Button>
          </div>
        </>
      ) : (
        <DecisionTaken document={document} />
      )}
      <RejectDialog
        open={rejecting}
        kind={labels.kind(document)}
        name={`${document.owner.first_name} ${document.owner.last_name}`}
        pending={mutation.isPending}
        onSubmit={(body: RejectDocumentBody) => run({ kind: "reject", body })}
        onCancel={() => setRejecting(false)}
      />
    </Panel>
  );
}

function DecisionTaken({ document }: { document: ReviewDocumentDto }) {
  const { t } = useTranslation(adminVerificationsTexts);
  const dateTime = useDateTime();
  const none = t("adminShared.none");
  return (
    <dl className="grid gap-y-3">
      <Field label={t("adminVerifications.decision.status")}>
        <DocumentStatusBadge status={document.status} />
      </Field>
      <Field label={t("adminVerifications.decision.decidedOn")}>
        {document.reviewed_at ? dateTime(document.reviewed_at) : none}
      </Field>
      <Field label={t("adminVerifications.decision.reviewer")}>{document.reviewer_name ?? none}</Field>
      {document.rejection_code && (
        <Field label={t("adminVerifications.decision.reason")}>
          {t(`adminVerifications.reasons.${document.rejection_code}`)}
        </Field>
      )}
      {document.rejection_note && (
        <Field label={t("adminVerifications.decision.note")}>
          <span className="whitespace-pre-line">{document.rejection_note}</span>
        </Field>
      )}
    </dl>
  );
}
