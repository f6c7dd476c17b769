// Why the item is in the queue: the reason (its label, or the raw reason), the reporter's own words,
// who reported it ('Filtre automatique' for the filter; the author herself for an appeal), when,
// the source, the AI score and the signals the filter found.
import type { ModerationItemDto } from "@db/validators/moderation";
import { useTranslation } from "@web/lib/i18n";
import { useDateTime } from "../../components/date-time";
import { adminModerationTexts } from "../texts";
import { useItemLabels } from "./labels";
import { Field, Panel } from "../../components/panel";

export function ReportCard({ item }: { item: ModerationItemDto }) {
  const { t } = useTranslation(adminModerationTexts);
  const dateTime = useDateTime();
  const labels = useItemLabels();
  const none = t("adminShared.none");
  let reporter: string;
  if (item.appeal_of) reporter = t("adminModeration.item.reporterAppeal");
  else if (item.reporter_name) reporter = item.reporter_name;
  else if (item.source === "auto") reporter = t("adminModeration.item.reporterAuto");
  else reporter = t("adminModeration.item.reporterGone");
  return (
    <Panel title={t("adminModeration.item.report")}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label={t("adminModeration.item.reason")}>{labels.reason(item)}</Field>
        <Field label={t("adminModeration.item.reporter")}>{reporter}</Field>
        <Field
          className="sm:col-span-2"
          label={t(item.appeal_of ? "adminModeration.item.appealText" : "adminModeration.item.details")}
        >
          {item.details ? <span className="whitespace-pre-wrap">{item.details}</span> : none}
        </Field>
        <Field label={t("adminModeration.item.source")}>{labels.source(item)}</Field>
        <Field label={t("adminModeration.item.reported")}>{dateTime(item.reported_at)}</Field>
        <Field label={t("adminModeration.item.score")}>{labels.score(item.ai_score)}</Field>
        <Field label={t("adminModeration.item.signals")}>
          {item.signals.length === 0 ? (
            t("adminModeration.item.noSignals")
          ) : (
            <ul className="flex flex-wrap gap-2">
              {item.signals.map((signal) => (
                <li
                  key={signal}
                  className="rounded-full bg-night-50 px-2.5 py-0.5 text-sm text-night-900 ring-1 ring-inset ring-night-100"
                >
                  {t(`adminModeration.signals.${signal}`)}
                </li>
              ))}
            </ul>
          )}
        </Field>
      </dl>
    </Panel>
  );
}
