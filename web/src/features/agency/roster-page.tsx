// /agency (and /agency/roster, where the managers' notices lead): 'Équipe', the agency's babysitters,
// each with her city, verification, rating, plan, confirmed hours still to come and the day she
// joined; 'Retirer de l'équipe' asks first (she is told; her bookings stay hers).
import { BadgeCheck, UserPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router-dom";
import { planNameKey } from "@db/constants/plans";
import { formatDuration } from "@db/time/paris-time";
import type { RosterSitter } from "@db/validators/agencies";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { formatDay, formatRating } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useRemoveSitter, useRoster } from "./api/roster";
import { AgencyPage } from "./components/agency-page";
import { ListSkeleton, LoadFailed } from "./components/load-states";
import { agencyTexts } from "./texts";

const fullName = (sitter: Pick<RosterSitter, "first_name" | "last_name">) => `${sitter.first_name} ${sitter.last_name}`;

export function RosterPage() {
  const { t } = useTranslation(agencyTexts);
  const roster = useRoster();
  const remove = useRemoveSitter();
  const [leaving, setLeaving] = useState<RosterSitter | null>(null);

  const confirmRemove = () => {
    if (!leaving) return;
    const name = fullName(leaving);
    remove.mutate(leaving.id, {
      onSuccess: () => notify.success(t("agency.roster.removed", { name })),
      onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
      onSettled: () => setLeaving(null),
    });
  };

  let body;
  if (roster.isPending) body = <ListSkeleton />;
  else if (roster.isError) body = <LoadFailed onRetry={() => void roster.refetch()} />;
  else if (roster.data.sitters.length === 0) body = <EmptyRoster />;
  else
    body = (
      <>
        <p className="mb-4 text-sm text-slate-700">{t("agency.roster.count", { count: roster.data.sitters.length })}</p>
        <ul className="grid gap-4 md:grid-cols-2">
          {roster.data.sitters.map((sitter) => (
            <li key={sitter.id}>
              <SitterCard sitter={sitter} onRemove={() => setLeaving(sitter)} />
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <AgencyPage title={t("agency.roster.title")} intro={t("agency.roster.intro")}>
      <div className="mb-6">
        <Link to="/agency/invitations" className={buttonClasses("secondary")}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          {t("agency.roster.invite")}
        </Link>
      </div>
      {body}
      <ConfirmDialog
        open={leaving !== null}
        title={leaving ? t("agency.roster.removeTitle", { name: fullName(leaving) }) : ""}
        message={t("agency.roster.removeText")}
        confirmLabel={t("agency.roster.removeConfirm")}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setLeaving(null)}
      />
    </AgencyPage>
  );
}

function EmptyRoster() {
  const { t } = useTranslation(agencyTexts);
  return (
    <div className="flex flex-col items-start gap-2 rounded-2xl border border-dashed border-night-600/40 bg-white p-6">
      <p className="font-semibold text-night-900">{t("agency.roster.empty")}</p>
      <p className="text-slate-700">{t("agency.roster.emptyHint")}</p>
    </div>
  );
}

function SitterCard({ sitter, onRemove }: { sitter: RosterSitter; onRemove: () => void }) {
  const { t } = useTranslation(agencyTexts);
  const name = fullName(sitter);
  return (
    <article
      aria-label={name}
      data-sitter-id={sitter.id}
      className="flex h-full flex-col gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <Avatar photoUrl={sitter.photo_url} name={name} size="sm" decorative />
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-lg font-semibold text-night-900">{name}</h2>
          <p className="text-sm text-slate-700">{sitter.city ?? t("agency.roster.noCity")}</p>
        </div>
        {sitter.is_verified ? (
          <Badge tone="green">
            <BadgeCheck aria-hidden="true" className="mr-1 h-3.5 w-3.5" />
            {t("agency.roster.verified")}
          </Badge>
        ) : (
          <Badge tone="slate">{t("agency.roster.unverified")}</Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Fact label={t("agency.roster.rating")}>
          {sitter.total_reviews > 0
            ? `${t("agency.roster.ratingValue", { rating: formatRating(sitter.rating) })} · ${t("agency.roster.reviews", { count: sitter.total_reviews })}`
            : t("agency.roster.noReviews")}
        </Fact>
        <Fact label={t("agency.roster.plan")}>
          {sitter.plan ? t(planNameKey(sitter.plan)) : t("agency.roster.noPlan")}
        </Fact>
        <Fact label={t("agency.roster.upcoming")} testId="upcoming-hours">
          {formatDuration(sitter.upcoming_minutes)}
        </Fact>
        <Fact label={t("agency.roster.joined")}>{formatDay(sitter.joined_at)}</Fact>
      </dl>
      <div className="mt-auto">
        <Button variant="ghost" className="border border-night-600" onClick={onRemove}>
          {t("agency.roster.remove")}
        </Button>
      </div>
    </article>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-0.5 break-words text-night-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
