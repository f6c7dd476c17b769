// One tab of the AI settings: what its group governs and whether it acts yet, its last change (when
// and by whom), its settings, and 'Enregistrer', which sends the group's every value. The form
// itself lives with the section (ai-config-section.tsx), so its unsaved values outlive the tab.
import { useId } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import type { AiConfigDto } from "@db/validators/ai-config";
import { Button } from "@web/components/ui/button";
import { formatClockTime, formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { type AiConfigGroup, GROUP_SETTINGS, type GroupValues, MATCHING_WEIGHTS } from "../settings";
import { adminAiConfigTexts } from "../texts";
import { SettingField } from "./setting-field";

type GroupPanelProps = {
  group: AiConfigGroup;
  state: AiConfigDto[AiConfigGroup];
  form: UseFormReturn<GroupValues>;
  saving: boolean;
  onSave: (values: GroupValues) => void;
};

export function GroupPanel({ group, state, form, saving, onSave }: GroupPanelProps) {
  const { t } = useTranslation(adminAiConfigTexts);
  const headingId = useId();
  const dirty = form.formState.isDirty;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          {t(`adminAiConfig.tabs.${group}`)}
        </h2>
        <p className="mt-1 text-slate-700">{t(`adminAiConfig.groups.${group}.intro`)}</p>
        <p className="mt-1 text-sm font-medium text-night-800">{t(`adminAiConfig.groups.${group}.effect`)}</p>
        <LastChange state={state} />
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSave)} className="flex flex-col gap-4">
        {group === "matching" && <WeightsNote form={form} />}
        <div className="grid gap-3 md:grid-cols-2">
          {GROUP_SETTINGS[group].map((spec) => (
            <SettingField key={spec.key} spec={spec} form={form} />
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={saving}>
            {t("adminAiConfig.save")}
          </Button>
          {dirty && <p className="text-sm font-medium text-night-800">{t("adminAiConfig.unsaved")}</p>}
        </div>
      </form>
    </section>
  );
}

/** 'Dernière modification : 14 avril 2026 à 18:30 par Claire Martin', or the defaults never changed. */
function LastChange({ state }: { state: AiConfigDto[AiConfigGroup] }) {
  const { t, language } = useTranslation(adminAiConfigTexts);
  let text = t("adminAiConfig.neverChanged");
  if (state.updated_at) {
    const date = t("adminAiConfig.dateTime", {
      date: formatDay(state.updated_at, language),
      time: formatClockTime(state.updated_at, language),
    });
    text = state.updated_by
      ? t("adminAiConfig.lastChange", { date, name: state.updated_by })
      : t("adminAiConfig.lastChangeNoName", { date });
  }
  return <p className="mt-2 text-sm text-slate-600">{text}</p>;
}

/** Said while every weight is 0: the score then ranks on nothing (allowed, but rarely meant). */
function WeightsNote({ form }: { form: UseFormReturn<GroupValues> }) {
  const { t } = useTranslation(adminAiConfigTexts);
  const weights = useWatch({ control: form.control, name: [...MATCHING_WEIGHTS] });
  if (weights.some((weight) => Number(weight) > 0)) return null;
  return (
    <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-night-900">
      {t("adminAiConfig.weightsZero")}
    </p>
  );
}
