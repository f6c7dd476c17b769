// /review/{bookingId}: the other party, the sitting, the children kept, a star rating, a comment,
// the tips, Cancel and Publish. Both parties of a completed booking may review each other, once. A
// booking that is not found or not completed: 'Réservation non trouvée ou non terminée', then back
// to /bookings.
import { zodResolver } from "@hookform/resolvers/zod";
import { Lightbulb } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link, Navigate, useNavigate, useParams } from "react-router-dom";
import { REVIEW_COMMENT_MAX_LENGTH } from "@db/constants/limits";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { LoadError, PageLoading } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { formatLongDate, formatTimeRange } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { type CreateReviewInput, createReviewInputSchema, useCreateReview } from "./api/create-review";
import { type ReviewContext, useReviewContext } from "./api/get-review-context";
import { StarRating } from "./components/star-rating";
import { reviewsTexts } from "./texts";

const FIELDS = ["rating", "comment"] as const;

export function ReviewPage() {
  const { bookingId = "" } = useParams();
  const { t } = useTranslation(reviewsTexts);
  const query = useReviewContext(bookingId);
  const notFound = query.error instanceof ApiError && query.error.status < 500;

  useEffect(() => {
    if (!query.isError) return;
    notify.error(notFound ? serverMessage(query.error, t, "review.errors.notReviewable") : t("reviews.loadError"));
  }, [query.isError, query.error, notFound, t]);

  if (query.isPending) return <PageLoading title={t("pages.review")} className="h-96 max-w-3xl" />;
  if (notFound) return <Navigate to="/bookings" replace />;
  if (query.isError)
    return (
      <LoadError
        variant="page"
        title={t("pages.review")}
        message={t("reviews.loadError")}
        onRetry={() => void query.refetch()}
      />
    );
  return <ReviewScreen context={query.data} />;
}

function ReviewScreen({ context }: { context: ReviewContext }) {
  const { t } = useTranslation(reviewsTexts);
  const { reviewed, booking } = context;
  const name = `${reviewed.first_name} ${reviewed.last_name}`;
  return (
    <PageFrame title={t("pages.review")}>
      <div className="grid max-w-5xl gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex flex-col gap-6">
          <section className="flex items-center gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
            <Avatar photoUrl={reviewed.photo_url} name={name} size="md" decorative />
            <div>
              <h2 className="text-lg font-semibold">{t("reviews.about", { name })}</h2>
              <p className="text-sm text-slate-700">
                {t(reviewed.user_type === "parent" ? "reviews.parent" : "reviews.babysitter")}
                {reviewed.city && ` · ${reviewed.city}`}
              </p>
              <p className="text-sm text-night-900">
                {t("reviews.sitting", {
                  date: formatLongDate(booking.start_time),
                  times: formatTimeRange(booking.start_time, booking.end_time),
                })}
              </p>
              {context.children.length > 0 && (
                <p className="text-sm text-slate-700">
                  {t("reviews.childrenKept", {
                    list: context.children
                      .map((child) =>
                        t("reviews.child", {
                          name: child.name,
                          count: child.age,
                        }),
                      )
                      .join(" · "),
                  })}
                </p>
              )}
            </div>
          </section>
          {context.already_reviewed ? <AlreadyReviewed /> : <ReviewForm bookingId={booking.id} />}
        </div>
        <Tips />
      </div>
    </PageFrame>
  );
}

function ReviewForm({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(reviewsTexts);
  const navigate = useNavigate();
  const create = useCreateReview();
  const form = useForm<CreateReviewInput>({
    resolver: zodResolver(createReviewInputSchema),
    defaultValues: { comment: "" },
  });
  const { errors } = form.formState;
  const [rating, comment] = useWatch({ control: form.control, name: ["rating", "comment"] });

  const onValid = (values: CreateReviewInput) =>
    create.mutate(
      { booking_id: bookingId, ...values },
      {
        onSuccess: () => {
          notify.success(t("reviews.success"));
          navigate("/bookings");
        },
        onError: (error) => {
          console.error("review failed", error);
          notify.error(serverMessage(error, t, "reviews.error"));
          showServerFieldError(form.setError, error, FIELDS);
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      className="flex flex-col gap-5 rounded-2xl border border-night-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRating
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorText(errors.rating, t)}
          />
        )}
      />
      <TextAreaField
        label={t("reviews.comment.label")}
        placeholder={t("reviews.comment.placeholder")}
        rows={6}
        maxLength={REVIEW_COMMENT_MAX_LENGTH}
        hint={t("reviews.comment.count", { count: (comment ?? "").trim().length })}
        error={errorText(errors.comment, t)}
        {...form.register("comment")}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Link to="/bookings" className={buttonClasses("ghost", "md", "border border-night-600")}>
          {t("reviews.cancel")}
        </Link>
        <Button type="submit" disabled={rating === undefined} loading={create.isPending}>
          {t("reviews.publish")}
        </Button>
      </div>
    </form>
  );
}

function AlreadyReviewed() {
  const { t } = useTranslation(reviewsTexts);
  return (
    <div className="rounded-2xl border border-night-100 bg-white p-5 shadow-sm">
      <p className="font-semibold text-night-900">{t("review.errors.alreadyReviewed")}</p>
      <Link to="/bookings" className={buttonClasses("secondary", "md", "mt-4")}>
        {t("reviews.back")}
      </Link>
    </div>
  );
}

function Tips() {
  const { t } = useTranslation(reviewsTexts);
  return (
    <aside className="h-fit rounded-2xl bg-night-900 p-5 text-white">
      <h2 className="flex items-center gap-2 font-semibold text-glow-300">
        <Lightbulb aria-hidden="true" className="h-5 w-5" />
        {t("reviews.tips.title")}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-night-50">
        <li>{t("reviews.tips.honest")}</li>
        <li>{t("reviews.tips.noNames")}</li>
        <li>{t("reviews.tips.respect")}</li>
      </ul>
    </aside>
  );
}
