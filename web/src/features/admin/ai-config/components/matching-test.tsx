// 'Tester ces réglages', under the matching tab: a sample search (a city, a radius, two filters)
// ranked with the tab's values and the recommendations tab's as they stand, saved or not, beside
// the ranking in force. Two ordered
// lists, side by side on a wide screen and one above the other on a phone: each sitter's name, city,
// distance, rating, rate and score, and the score's parts in words (the popularity boost's part
// with them; the admin is no parent, so no personal part ever counts); in the tested list, how far each
// sitter moved, and in the current one, who leaves the top 10.
import { ArrowDown, ArrowUp, LogOut, Plus } from "lucide-react";
import { clsx } from "clsx";
import { useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { SEARCH_RADIUS_KM } from "@db/constants/limits";
import { type AiConfigTest, aiConfigTestBodySchema } from "@db/validators/ai-config";
import type { MatchParts } from "@db/validators/search";
import { CheckboxField } from "@web/components/form/checkbox-field";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { formatEuros } from "@web/lib/format";
import { formatNumber, formatRating } from "@web/lib/format-paris";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import type { RankedSitter } from "../api/test-matching";
import { adminAiConfigTexts } from "../texts";

/** The sample search, checked by the server's own rules (a city of 2 to 100 characters). */
export const testSearchSchema = aiConfigTestBodySchema.shape.search;
export type TestSearchInput = z.input<typeof testSearchSchema>;
export type TestSearch = z.output<typeof testSearchSchema>;

export const TEST_SEARCH_DEFAULTS: TestSearch = {
  location: "Paris",
  radius: SEARCH_RADIUS_KM.default,
  verified_only: false,
  available_today: false,
};

/** The parts in the order they are listed (the settings' order of the weights). */
const PARTS: readonly (keyof MatchParts)[] = ["profile", "location", "availability", "rating", "price"];

type MatchingTestProps = {
  form: UseFormReturn<TestSearchInput, unknown, TestSearch>;
  running: boolean;
  result: AiConfigTest | null;
  onRun: (search: TestSearch) => void;
};

export function MatchingTest({ form, running, result, onRun }: MatchingTestProps) {
  const { t } = useTranslation(adminAiConfigTexts);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-100 bg-night-50 p-4 sm:p-5">
      <h3 id={headingId} className="text-lg font-bold">
        {t("adminAiConfig.test.title")}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t("adminAiConfig.test.intro")}</p>
      <form noValidate onSubmit={form.handleSubmit(onRun)} className="mt-4 flex flex-col gap-4">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-night-900">{t("adminAiConfig.test.search")}</legend>
          <TextField
            label={t("adminAiConfig.test.city")}
            autoComplete="off"
            maxLength={100}
            error={errorText(form.formState.errors.location, t)}
            {...form.register("location")}
          />
          <RadiusSlider form={form} />
          <CheckboxField label={t("adminAiConfig.test.verifiedOnly")} {...form.register("verified_only")} />
          <CheckboxField label={t("adminAiConfig.test.availableToday")} {...form.register("available_today")} />
        </fieldset>
        <Button type="submit" variant="secondary" loading={running} className="self-start">
          {t("adminAiConfig.test.run")}
        </Button>
      </form>
      {/* Always there, so a new result is announced. */}
      <div aria-live="polite" className="mt-4">
        {result && <Summary result={result} />}
      </div>
      {result && result.total > 0 && <Comparison result={result} />}
    </section>
  );
}

function RadiusSlider({ form }: { form: MatchingTestProps["form"] }) {
  const { t } = useTranslation(adminAiConfigTexts);
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="radius"
      render={({ field }) => {
        const km = t("adminAiConfig.test.radiusValue", { km: field.value ?? SEARCH_RADIUS_KM.default });
        return (
          <div className="flex flex-col gap-1.5">
            <div className="flex justify-between gap-3 text-sm">
              <label htmlFor={id} className="font-medium text-night-900">
                {t("adminAiConfig.test.radius")}
              </label>
              <span aria-hidden="true" className="font-semibold text-night-900">
                {km}
              </span>
            </div>
            <input
              ref={field.ref}
              id={id}
              name={field.name}
              type="range"
              min={SEARCH_RADIUS_KM.min}
              max={SEARCH_RADIUS_KM.max}
              step={1}
              value={field.value ?? SEARCH_RADIUS_KM.default}
              aria-valuetext={km}
              onChange={(event) => field.onChange(event.target.valueAsNumber)}
              onBlur={field.onBlur}
              className="h-6 w-full accent-night-800"
            />
          </div>
        );
      }}
    />
  );
}

const sameOrder = (result: AiConfigTest) =>
  result.proposed.length === result.current.length &&
  result.proposed.every((sitter, index) => sitter.id === result.current[index].id);

function Summary({ result }: { result: AiConfigTest }) {
  const { t } = useTranslation(adminAiConfigTexts);
  if (result.total === 0) return <p className="font-semibold text-night-900">{t("adminAiConfig.test.empty")}</p>;
  return (
    <p className="font-semibold text-night-900">
      {t("adminAiConfig.test.total", { count: result.total })}{" "}
      {t(sameOrder(result) ? "adminAiConfig.test.same" : "adminAiConfig.test.different")}
    </p>
  );
}

function Comparison({ result }: { result: AiConfigTest }) {
  const { t } = useTranslation(adminAiConfigTexts);
  const currentRank = new Map(result.current.map((sitter, index) => [sitter.id, index]));
  const proposedIds = new Set(result.proposed.map((sitter) => sitter.id));
  return (
    <div className="mt-3 grid gap-4 md:grid-cols-2">
      <RankingList
        title={t("adminAiConfig.test.proposed")}
        sitters={result.proposed}
        moveOf={(sitter, index) => {
          const before = currentRank.get(sitter.id);
          if (before === undefined) return { kind: "entered" };
          if (before === index) return null;
          return before > index ? { kind: "up", count: before - index } : { kind: "down", count: index - before };
        }}
      />
      <RankingList
        title={t("adminAiConfig.test.current")}
        sitters={result.current}
        moveOf={(sitter) => (proposedIds.has(sitter.id) ? null : { kind: "left" })}
      />
    </div>
  );
}

type Move = { kind: "up" | "down"; count: number } | { kind: "entered" | "left" };

type RankingListProps = {
  title: string;
  sitters: RankedSitter[];
  moveOf: (sitter: RankedSitter, index: number) => Move | null;
};

function RankingList({ title, sitters, moveOf }: RankingListProps) {
  const headingId = useId();
  return (
    <div className="min-w-0">
      <h4 id={headingId} className="mb-2 font-bold text-night-900">
        {title}
      </h4>
      <ol aria-labelledby={headingId} className="flex flex-col gap-2">
        {sitters.map((sitter, index) => (
          <RankedItem key={sitter.id} sitter={sitter} rank={index + 1} move={moveOf(sitter, index)} />
        ))}
      </ol>
    </div>
  );
}

function RankedItem({ sitter, rank, move }: { sitter: RankedSitter; rank: number; move: Move | null }) {
  const { t, language } = useTranslation(adminAiConfigTexts);
  const km = sitter.distance_km < 10 ? sitter.distance_km : Math.round(sitter.distance_km);
  const facts = [
    sitter.city,
    t("adminAiConfig.test.distance", { km: formatNumber(km, 1, language) }),
    sitter.rating > 0
      ? t("adminAiConfig.test.rating", { rating: formatRating(sitter.rating, language) })
      : t("adminAiConfig.test.noRating"),
    t("adminAiConfig.test.rate", { price: formatEuros(sitter.hourly_rate_cents, language) }),
  ].filter(Boolean);
  const values = [
    ...PARTS.map((part) => [part, sitter.match_parts[part]] as const),
    ["popularity", sitter.boost_parts.popularity] as const,
  ];
  const parts = values.map(([part, value]) =>
    t("adminAiConfig.test.part", { name: t(`adminAiConfig.test.parts.${part}`), value: Math.round(value * 100) }),
  );
  return (
    <li className="flex items-start gap-3 rounded-xl border border-night-100 bg-white p-3">
      <span
        aria-hidden="true"
        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-night-100 text-sm font-bold text-night-900"
      >
        {rank}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p data-testid="ranked-name" className="font-semibold text-night-900">
            {sitter.first_name} {sitter.last_name}
          </p>
          <p className="font-semibold text-night-900">
            {t("adminAiConfig.test.score", { score: Math.round(sitter.match_score) })}
          </p>
        </div>
        <p className="text-slate-700">{facts.join(" · ")}</p>
        <p className="text-slate-600">
          <span className="sr-only">{t("adminAiConfig.test.partsLabel")} </span>
          {parts.join(" · ")}
        </p>
        {move && <MoveBadge move={move} t={t} />}
      </div>
    </li>
  );
}

const MOVE_STYLES = {
  up: { Icon: ArrowUp, className: "bg-green-50 text-green-800" },
  down: { Icon: ArrowDown, className: "bg-red-50 text-red-800" },
  entered: { Icon: Plus, className: "bg-night-100 text-night-900" },
  left: { Icon: LogOut, className: "bg-slate-100 text-slate-700" },
} as const;

function MoveBadge({ move, t }: { move: Move; t: TFunction }) {
  const { Icon, className } = MOVE_STYLES[move.kind];
  const text =
    move.kind === "up" || move.kind === "down"
      ? t(`adminAiConfig.test.moves.${move.kind}`, { count: move.count })
      : t(`adminAiConfig.test.moves.${move.kind}`);
  return (
    <p
      className={clsx(
        "mt-1.5 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {text}
    </p>
  );
}
