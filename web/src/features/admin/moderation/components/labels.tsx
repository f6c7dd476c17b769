// The words and badges an item is shown with, in the list and on its page: its type, its reason (the
// report's reason code's label, the raw reason otherwise: the filter's signals, an old report's
// words), its source, an excerpt of its content (as text: a photo's address is not read out), its
// status and severity badges, its AI score as a percentage.
import { useMemo } from "react";
import type { ModerationStatus, Severity } from "@db/schema/enums";
import type { ModerationItemDto } from "@db/validators/moderation";
import { formatNumber } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { Badge, type BadgeTone } from "@web/components/ui/badge";
import { adminModerationTexts } from "../texts";

const STATUS_TONES: Record<ModerationStatus, BadgeTone> = {
  pending: "blue",
  approved: "green",
  rejected: "red",
  escalated: "amber",
};
const SEVERITY_TONES: Record<Severity, BadgeTone> = { low: "slate", medium: "blue", high: "amber", critical: "red" };

const EXCERPT_LENGTH = 90;

/** A photo item's content is the photo's address (seeded ones may be a description instead). */
export const isPhotoAddress = (item: Pick<ModerationItemDto, "type" | "content">) =>
  item.type === "photo" && /^(\/api\/photos\/|https:\/\/)\S+$/.test(item.content);

export function useItemLabels() {
  const { t, language } = useTranslation(adminModerationTexts);
  return useMemo(
    () => ({
      type: (item: Pick<ModerationItemDto, "type">) => t(`adminModeration.types.${item.type}`),
      reason: (item: Pick<ModerationItemDto, "reason" | "reason_code" | "appeal_of">) => {
        if (item.reason_code) return t(`adminModeration.reasons.${item.reason_code}`);
        if (item.appeal_of) return t("adminModeration.reasons.appeal");
        return item.reason;
      },
      source: (item: Pick<ModerationItemDto, "source">) => t(`adminModeration.sources.${item.source}`),
      excerpt: (item: Pick<ModerationItemDto, "type" | "content">) => {
        if (isPhotoAddress(item)) return t("adminModeration.photoExcerpt");
        const text = item.content.replace(/\s+/g, " ").trim();
        return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
      },
      score: (score: number | null) =>
        score === null
          ? t("adminShared.none")
          : t("adminModeration.score", { value: formatNumber(score * 100, 0, language) }),
      role: (item: Pick<ModerationItemDto, "author">) => t(`adminModeration.roles.${item.author.user_type}`),
    }),
    [t, language],
  );
}

export function StatusBadge({ status }: { status: ModerationStatus }) {
  const { t } = useTranslation(adminModerationTexts);
  return (
    <Badge tone={STATUS_TONES[status]} testId="moderation-status">
      {t(`adminModeration.statuses.${status}`)}
    </Badge>
  );
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation(adminModerationTexts);
  return (
    <Badge tone={SEVERITY_TONES[severity]} testId="moderation-severity">
      {t(`adminModeration.severities.${severity}`)}
    </Badge>
  );
}

export function AppealBadge() {
  const { t } = useTranslation(adminModerationTexts);
  return (
    <Badge tone="amber" testId="moderation-appeal">
      {t("adminModeration.appeal")}
    </Badge>
  );
}
