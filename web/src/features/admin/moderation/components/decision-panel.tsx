// The decision. While the item is pending: what each action does (a rejection's effect on this kind
// of content, the suspension after repeated rejections; an appeal's own rule), the statement of
// reasons (sent to the author: required to reject, checked here before the server does), and
// 'Approuver', 'Rejeter', 'Escalader'. Once decided: the status, when, by whom and the statement;
// no action (the server decides only from pending: 409 otherwise). After a decision the page shows
// it at once (the server's answer), the queues and their stat cards are asked again, and the focus
// goes to this panel's title, the buttons being gone. A refusal is toasted in the server's words.
import { Check, ShieldAlert, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DECISION_STATEMENT_MAX_LENGTH, REJECTIONS_BEFORE_SUSPENSION } from "@db/constants/moderation";
import type { ModerationAction, ModerationItemDto } from "@db/validators/moderation";
import { TextAreaField } from "@web/components/form/text-area-field";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { queryClient } from "@web/lib/query-client";
import { serverMessage } from "@web/lib/server-message";
import { useDateTime } from "../../components/date-time";
import { useDecision } from "../api/decide";
import { adminModerationKeys } from "../api/keys";
import { adminModerationTexts } from "../texts";
import { StatusBadge } from "./labels";
import { Field, Panel } from "../../components/panel";

export function DecisionPanel({ item }: { item: ModerationItemDto }) {
  const { t } = useTranslation(adminModerationTexts);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [justDecided, setJustDecided] = useState(false);
  const pending = item.status === "pending";

  // The buttons are gone once decided: the focus goes to the panel's title.
  useEffect(() => {
    if (justDecided && !pending) titleRef.current?.focus();
  }, [justDecided, pending]);

  return (
    <Panel title={t("adminModeration.decision.title")} titleRef={titleRef}>
      {pending ? <DecisionForm item={item} onDecided={() => setJustDecided(true)} /> : <DecisionTaken item={item} />}
    </Panel>
  );
}

function DecisionForm({ item, onDecided }: { item: ModerationItemDto; onDecided: () => void }) {
  const { t } = useTranslation(adminModerationTexts);
  const mutation = useDecision(item.id);
  const [statement, setStatement] = useState("");
  const [error, setError] = useState<string | undefined>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const run = async (action: ModerationAction) => {
    const written = statement.trim();
    if (action === "reject" && !written) {
      setError(t("adminModeration.decision.statementRequired"));
      fieldRef.current?.focus();
      return;
    }
    setError(undefined);
    try {
      const decided = await mutation.mutateAsync({ action, statement: written || undefined });
      queryClient.setQueryData(adminModerationKeys.detail(item.id), decided);
      onDecided();
      notify.success(t(`adminModeration.decision.done.${decided.status}`));
    } catch (failure) {
      notify.error(serverMessage(failure, t, "errors.internal"));
      // A refused statement stays to be corrected; any other refusal (decided meanwhile) shows on
      // the refreshed page, which then says how the item stands.
      if (failure instanceof ApiError && failure.status === 400) fieldRef.current?.focus();
      else onDecided();
    }
  };

  const busy = (action: ModerationAction) => mutation.isPending && mutation.variables?.action === action;
  return (
    <>
      <p className="text-slate-700">{t("adminModeration.decision.pending")}</p>
      <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-sm text-night-900">
        {item.appeal_of ? (
          <li>{t("adminModeration.decision.appealEffect")}</li>
        ) : (
          <>
            <li>{t("adminModeration.decision.approveEffect")}</li>
            <li>
              {t("adminModeration.decision.rejectEffect", {
                effect: t(`adminModeration.decision.effects.${item.type}`),
                count: REJECTIONS_BEFORE_SUSPENSION,
              })}
            </li>
          </>
        )}
        <li>{t("adminModeration.decision.escalateEffect")}</li>
      </ul>
      <TextAreaField
        ref={fieldRef}
        className="mt-4"
        label={t("adminModeration.decision.statement")}
        hint={t("adminModeration.decision.statementHint", { max: DECISION_STATEMENT_MAX_LENGTH })}
        rows={4}
        maxLength={DECISION_STATEMENT_MAX_LENGTH}
        value={statement}
        error={error}
        onChange={(event) => {
          setStatement(event.target.value);
          if (error && event.target.value.trim()) setError(undefined);
        }}
      />
      <div role="group" aria-label={t("adminModeration.decision.actionsLabel")} className="mt-4 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          loading={busy("approve")}
          disabled={mutation.isPending}
          onClick={() => void run("approve")}
        >
          <Check aria-hidden="true" className="h-4 w-4" />
          {t("adminModeration.decision.approve")}
        </Button>
        <Button
          variant="danger"
          loading={busy("reject")}
          disabled={mutation.isPending}
          onClick={() => void run("reject")}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          {t("adminModeration.decision.reject")}
        </Button>
        <Button
          variant="ghost"
          className="border border-night-600"
          loading={busy("escalate")}
          disabled={mutation.isPending}
          onClick={() => void run("escalate")}
        >
          <ShieldAlert aria-hidden="true" className="h-4 w-4" />
          {t("adminModeration.decision.escalate")}
        </Button>
      </div>
    </>
  );
}

function DecisionTaken({ item }: { item: ModerationItemDto }) {
  const { t } = useTranslation(adminModerationTexts);
  const dateTime = useDateTime();
  const none = t("adminShared.none");
  return (
    <dl className="grid gap-y-3">
      <Field label={t("adminModeration.decision.status")}>
        <StatusBadge status={item.status} />
      </Field>
      <Field label={t("adminModeration.decision.decidedOn")}>
        {item.reviewed_at ? dateTime(item.reviewed_at) : none}
      </Field>
      <Field label={t("adminModeration.decision.reviewer")}>{item.reviewer_name ?? none}</Field>
      <Field label={t("adminModeration.decision.statementTaken")}>
        {item.statement ? <span className="whitespace-pre-wrap">{item.statement}</span> : none}
      </Field>
    </dl>
  );
}
