import { Plus, X } from "lucide-react";
import { CERTIFICATIONS_MAX_COUNT } from "@db/constants/limits";
import type { FieldError as HookFieldError, Merge } from "react-hook-form";
import { errorText } from "@web/components/form/error-text";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { profileTexts } from "../texts";

type ListErrors = Merge<HookFieldError, (HookFieldError | undefined)[]> | undefined;

/** A list of short texts (PSC1, BAFA...): edit, add, remove. */
export function CertificationsEditor({
  value,
  onChange,
  errors,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  errors: ListErrors;
}) {
  const { t } = useTranslation(profileTexts);
  const set = (index: number, text: string) => onChange(value.map((item, i) => (i === index ? text : item)));
  return (
    <fieldset>
      <legend className="text-sm font-medium text-night-900">{t("profile.babysitter.certifications")}</legend>
      <p className="text-xs text-slate-600">{t("profile.babysitter.certificationsHint")}</p>
      <ul className="mt-2 grid gap-2">
        {value.map((item, index) => (
          // Position is the identity here: the list only grows at the end or loses an item.
          <li key={index} className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={t("profile.babysitter.certification", { number: index + 1 })}
              value={item}
              onChange={(event) => set(index, event.target.value)}
              error={errorText(errors?.[index], t)}
            />
            <Button
              variant="ghost"
              className="mb-0.5 border border-night-600"
              aria-label={t("profile.babysitter.removeCertification", { number: index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Button>
          </li>
        ))}
      </ul>
      {value.length < CERTIFICATIONS_MAX_COUNT && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 border border-night-600"
          onClick={() => onChange([...value, ""])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t("profile.babysitter.addCertification")}
        </Button>
      )}
    </fieldset>
  );
}
