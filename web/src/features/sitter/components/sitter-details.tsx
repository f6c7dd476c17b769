import { Award, ShieldCheck, Siren } from "lucide-react";
import { type ReactNode, useId } from "react";
import { AGE_GROUP_OPTIONS, LANGUAGE_OPTIONS, SPECIALTY_OPTIONS } from "@db/constants/search-filters";
import { useTranslation } from "@web/lib/i18n";
import type { PublicSitter } from "../api/get-babysitter";
import { sitterTexts } from "../texts";

/** The labels of `values`, in the order of the filter lists (the same order everywhere in the app). */
const labelsOf = <T extends string>(options: readonly { value: T; labelKey: string }[], values: readonly T[]) =>
  options.filter((option) => values.includes(option.value)).map((option) => option.labelKey);

export function SitterAbout({ sitter }: { sitter: PublicSitter }) {
  const { t } = useTranslation(sitterTexts);
  return (
    <Card title={t("sitter.about")}>
      <p className="whitespace-pre-line text-slate-800">{sitter.bio || t("sitter.noBio")}</p>
      {(sitter.emergency_available || sitter.has_references) && (
        <ul className="mt-4 flex flex-wrap gap-2">
          {sitter.emergency_available && (
            <Tag icon={<Siren aria-hidden="true" className="h-4 w-4" />}>{t("sitter.emergency")}</Tag>
          )}
          {sitter.has_references && (
            <Tag icon={<ShieldCheck aria-hidden="true" className="h-4 w-4" />}>{t("sitter.references")}</Tag>
          )}
        </ul>
      )}
    </Card>
  );
}

export function SitterSkills({ sitter }: { sitter: PublicSitter }) {
  const { t } = useTranslation(sitterTexts);
  const lists: [string, string[]][] = [
    [t("sitter.languages"), labelsOf(LANGUAGE_OPTIONS, sitter.languages).map((key) => t(key))],
    [t("sitter.specialties"), labelsOf(SPECIALTY_OPTIONS, sitter.specialties).map((key) => t(key))],
    [t("sitter.ageGroups"), labelsOf(AGE_GROUP_OPTIONS, sitter.age_groups).map((key) => t(key))],
  ];
  return (
    <Card title={t("sitter.skills")}>
      <dl className="grid gap-5">
        {lists.map(([title, labels]) => (
          <div key={title}>
            <dt className="text-sm font-semibold uppercase tracking-wide text-slate-700">{title}</dt>
            <dd className="mt-2">
              {labels.length > 0 ? (
                <ul className="flex flex-wrap gap-2">
                  {labels.map((label) => (
                    <Tag key={label}>{label}</Tag>
                  ))}
                </ul>
              ) : (
                <span className="text-slate-700">{t("sitter.noneYet")}</span>
              )}
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t("sitter.certifications")}</dt>
          <dd className="mt-2">
            {sitter.certifications.length > 0 ? (
              <ul className="grid gap-1.5">
                {sitter.certifications.map((certification) => (
                  <li key={certification} className="flex items-start gap-2 text-slate-800">
                    <Award aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-glow-800" />
                    {certification}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-700">{t("sitter.noneYet")}</span>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

function Tag({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full bg-night-50 px-3 py-1 text-sm font-medium text-night-800 ring-1 ring-night-100">
      {icon}
      {children}
    </li>
  );
}

/** A white card with its heading (h2). */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border border-night-100 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="text-xl font-semibold text-night-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
