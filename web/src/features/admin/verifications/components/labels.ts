// A document's words in the console: its kind, and its detail (a diploma's name from the list, or a
// reference's note as its owner wrote it, shown as text).
import { useMemo } from "react";
import { DIPLOMAS } from "@db/constants/verification";
import type { IdentityDocumentKind } from "@db/schema/enums";
import { useTranslation } from "@web/lib/i18n";
import { adminVerificationsTexts } from "../texts";

type Described = { kind: IdentityDocumentKind; detail: string };

const isDiploma = (detail: string): detail is (typeof DIPLOMAS)[number] =>
  (DIPLOMAS as readonly string[]).includes(detail);

export function useDocumentLabels() {
  const { t } = useTranslation(adminVerificationsTexts);
  return useMemo(
    () => ({
      kind: (document: Pick<Described, "kind">) => t(`adminVerifications.kinds.${document.kind}`),
      /** The diploma's name or the reference's note; null when the kind has no detail. */
      detail: (document: Described): string | null => {
        if (!document.detail) return null;
        if (document.kind === "diploma" && isDiploma(document.detail))
          return t(`adminVerifications.diplomas.${document.detail}`);
        return document.detail;
      },
    }),
    [t],
  );
}
