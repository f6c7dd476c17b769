// /moderation/decisions/{id} (the moderation notices link here): a decision of the team on the
// member's own content: what it was about, the decision and its date, the statement of reasons
// ('Motifs'); while she may, 'Faire appel' (once: another member of the team decides it), then
// 'Appel envoyé' and, once decided, the appeal's outcome. Anyone else's decision is not found.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { APPEAL_MAX_LENGTH } from "@db/constants/moderation";
import { TextAreaField } from "@web/components/form/text-area-field";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError, PageLoading } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { formatLongDate } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { serverMessage } from "@web/lib/server-message";
import { type Decision, useAppealDecision, useDecision } from "./api/decisions";
import { moderationTexts } from "./texts";

/** The appeal's shortest text (db/validators/moderation.ts' appealBodySchema). */
const APPEAL_MIN_LENGTH = 10;

export function DecisionPage() {
  const { decisionId = "" } = useParams();
  const { t } = useTranslation(moderationTexts);
  const query = useDecision(decisionId);
  const notFound = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;

  if (query.isPending) return <PageLoading title={t("pages.moderationDecision")} className="h-64" />;
  if (notFound)
    return (
      <PageFrame title={t("reporting.decision.notFound")}>
        <p className="text-slate-700">{t("reporting.decision.notFoundText")}</p>
        <Link to="/notifications" className={buttonClasses("secondary", "md", "mt-4")}>
          {t("reporting.decision.back")}
        </Link>
      </PageFrame>
    );
  if (query.isError)
    return (
      <LoadError
        variant="page"
        toast
        title={t("pages.moderationDecision")}
        message={t("reporting.decision.loadError")}
        onRetry={() => void query.refetch()}
      />
    );
  return <DecisionView decision={query.data} />;
}

function DecisionView({ decision }: { decision: Decision }) {
  const { t } = useTranslation(moderationTexts);
  // Set once the form was sent from this page: 'Appel envoyé' then takes the focus the form had.
  const [justAppealed, setJustAppealed] = useState(false);
  return (
    <PageFrame title={t("pages.moderationDecision")} intro={t("reporting.decision.intro")}>
      <div className="flex max-w-3xl flex-col gap-6">
        <section className="rounded-2xl border border-night-100 bg-white p-5">
          <dl className="flex flex-col gap-4">
            <div>
              <dt className="text-sm font-semibold text-slate-700">{t("reporting.decision.what")}</dt>
              <dd className="mt-1">
                <p className="font-medium text-night-900">{t(`reporting.decision.kinds.${decision.type}`)}</p>
                {decision.type === "photo" ? (
                  <p className="mt-1 text-slate-700">{t("reporting.decision.photoContent")}</p>
                ) : (
                  decision.content && (
                    <blockquote className="mt-2 border-l-4 border-night-100 pl-3 break-words whitespace-pre-line text-slate-800">
                      {decision.content}
                    </blockquote>
                  )
                )}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-700">{t("reporting.decision.decision")}</dt>
              <dd className="mt-1 text-night-900">
                <span className="font-medium">{t(`reporting.decision.status.${decision.status}`)}</span>
                {decision.decided_at && (
                  <>
                    {" · "}
                    <time dateTime={decision.decided_at}>
                      {t("reporting.decision.decidedAt", { date: formatLongDate(decision.decided_at) })}
                    </time>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-700">{t("reporting.decision.statement")}</dt>
              <dd className="mt-1 break-words whitespace-pre-line text-night-900" data-testid="decision-statement">
                {decision.statement || t("reporting.decision.noStatement")}
              </dd>
            </div>
          </dl>
        </section>
        {decision.appealed_at ? (
          <AppealSent decision={decision} appealedAt={decision.appealed_at} focus={justAppealed} />
        ) : (
          decision.can_appeal && <AppealForm decisionId={decision.id} onSent={() => setJustAppealed(true)} />
        )}
        <Link to="/notifications" className="self-start py-1 text-sm font-semibold text-glow-900 underline">
          {t("reporting.decision.back")}
        </Link>
      </div>
    </PageFrame>
  );
}

function AppealForm({ decisionId, onSent }: { decisionId: string; onSent: () => void }) {
  const { t } = useTranslation(moderationTexts);
  const appeal = useAppealDecision();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < APPEAL_MIN_LENGTH) {
      setError(t("reporting.decision.appeal.tooShort", { min: APPEAL_MIN_LENGTH }));
      return;
    }
    setError(undefined);
    appeal.mutate(
      { id: decisionId, text: text.trim() },
      {
        onSuccess: onSent,
        onError: (failure) => {
          console.error("appeal failed", failure);
          setError(serverMessage(failure, t, "reporting.decision.appeal.error"));
        },
      },
    );
  };

  return (
    <section aria-labelledby="appeal-heading" className="rounded-2xl border border-night-100 bg-white p-5">
      <h2 id="appeal-heading" className="text-lg font-semibold text-night-900">
        {t("reporting.decision.appeal.title")}
      </h2>
      <p className="mt-2 text-slate-700">{t("reporting.decision.appeal.intro")}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <TextAreaField
          label={t("reporting.decision.appeal.label")}
          hint={t("reporting.decision.appeal.hint", { min: APPEAL_MIN_LENGTH, max: APPEAL_MAX_LENGTH })}
          error={error}
          value={text}
          required
          minLength={APPEAL_MIN_LENGTH}
          maxLength={APPEAL_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" className="self-start" loading={appeal.isPending}>
          {t("reporting.decision.appeal.send")}
        </Button>
      </form>
    </section>
  );
}

function AppealSent({ decision, appealedAt, focus }: { decision: Decision; appealedAt: string; focus: boolean }) {
  const { t } = useTranslation(moderationTexts);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const outcome = decision.appeal_status ?? "pending";
  return (
    <section aria-labelledby="appeal-sent-heading" className="rounded-2xl border border-night-100 bg-white p-5">
      <h2
        id="appeal-sent-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-night-900 outline-none"
      >
        {t("reporting.decision.appeal.sent")}
      </h2>
      <p className="mt-2 text-slate-700">
        <time dateTime={appealedAt}>{t("reporting.decision.appeal.sentOn", { date: formatLongDate(appealedAt) })}</time>
        {(outcome === "pending" || outcome === "escalated") && ` ${t("reporting.decision.appeal.review")}`}
      </p>
      <dl className="mt-3">
        <dt className="text-sm font-semibold text-slate-700">{t("reporting.decision.appeal.outcomeLabel")}</dt>
        <dd className="mt-1 font-medium text-night-900" data-testid="appeal-outcome">
          {t(`reporting.decision.appeal.outcome.${outcome}`)}
        </dd>
      </dl>
    </section>
  );
}
