// /babysitter/{id}: a babysitter's public profile, from GET /api/babysitters/{id}. Only babysitter
// profiles the viewer may see load; anything else is 'Profil non trouvé' with a way back to search.
import { SearchX } from "lucide-react";
import { type ComponentType, useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { FavouriteToggle } from "@web/components/favourite-toggle";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useSession } from "@web/lib/session";
import { useBabysitter } from "./api/get-babysitter";
import { NotListedNote } from "./components/not-listed-note";
import { SitterAbout, SitterSkills } from "./components/sitter-details";
import { type ReviewAction, SitterReviews } from "./components/sitter-reviews";
import { SitterSkeleton } from "./components/sitter-skeleton";
import { SitterStats } from "./components/sitter-stats";
import { SitterSummary } from "./components/sitter-summary";
import { WeeklyAvailability } from "./components/weekly-availability";
import { sitterTexts } from "./texts";

/** What another feature adds, joined by the app (app/router.tsx): the 'Signaler' controls. */
type SitterPageSlots = {
  reportProfile?: ComponentType<{ profileId: string; hasPhoto: boolean }>;
  reportReview?: ReviewAction;
};

export function SitterPage({ reportProfile: ReportProfile, reportReview }: SitterPageSlots = {}) {
  const { t } = useTranslation(sitterTexts);
  const { babysitterId = "" } = useParams();
  const { data: viewer } = useSession();
  const sitter = useBabysitter(babysitterId);
  const notFound = sitter.error instanceof ApiError && sitter.error.status === 404;
  const failed = sitter.isError && !notFound;
  useDocumentTitle(
    sitter.data
      ? `${sitter.data.first_name} ${sitter.data.last_name}`
      : notFound
        ? t("sitter.notFound")
        : t("pages.sitter"),
  );

  useEffect(() => {
    if (failed) notify.error(t("sitter.loadError"));
  }, [failed, t]);

  if (notFound) return <SitterNotFound />;
  if (failed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t("sitter.loadError")}</h1>
        <Button className="mt-6" onClick={() => void sitter.refetch()}>
          {t("sitter.retry")}
        </Button>
      </div>
    );
  }
  if (!sitter.data) return <SitterSkeleton />;
  const profile = sitter.data;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <NotListedNote own={viewer?.id === profile.id} />
      <SitterSummary
        sitter={profile}
        viewer={viewer ?? null}
        favouriteSlot={
          <FavouriteToggle babysitterId={profile.id} babysitterName={`${profile.first_name} ${profile.last_name}`} />
        }
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <SitterAbout sitter={profile} />
          <SitterSkills sitter={profile} />
          <WeeklyAvailability availability={profile.available_hours} />
          <SitterReviews reviews={profile.reviews} reviewAction={reportReview} />
        </div>
        <div className="grid content-start gap-6">
          <SitterStats stats={profile.stats} />
          {ReportProfile && <ReportProfile profileId={profile.id} hasPhoto={Boolean(profile.photo_url)} />}
        </div>
      </div>
    </div>
  );
}

function SitterNotFound() {
  const { t } = useTranslation(sitterTexts);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <SearchX aria-hidden="true" className="mx-auto h-12 w-12 text-night-600" />
      <h1 className="mt-4 text-3xl font-bold text-night-900">{t("sitter.notFound")}</h1>
      <p className="mt-3 text-slate-700">{t("sitter.notFoundText")}</p>
      <Link to="/search" className={buttonClasses("primary", "lg", "mt-8")}>
        {t("sitter.backToSearch")}
      </Link>
    </div>
  );
}
