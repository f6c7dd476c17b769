// A labelled file input whose choice is checked at once (size, type by its first bytes): a wrong
// file is refused under the field and dropped, so it is never sent.
import { type ChangeEvent, useRef } from "react";
import { FieldShell, useFieldIds } from "@web/components/form/text-field";
import { useTranslation } from "@web/lib/i18n";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MEGABYTES, documentProblem } from "../api/send-document";
import { verificationTexts } from "../texts";

type FileFieldProps = {
  label: string;
  /** Already translated. */
  error?: string;
  disabled?: boolean;
  /** The checked file, or null (none chosen, or refused). */
  onChoose: (file: File | null) => void;
  /** What is wrong with the chosen file (already translated), or undefined once a good one is chosen. */
  onProblem: (message: string | undefined) => void;
};

export function FileField({ label, error, disabled, onChoose, onProblem }: FileFieldProps) {
  const { t } = useTranslation(verificationTexts);
  const hint = t("verification.form.fileHint", { max: DOCUMENT_MAX_MEGABYTES });
  const ids = useFieldIds(undefined, error, hint);
  // Only the latest choice's answer counts (reading the first bytes is asynchronous).
  const latest = useRef<File | null>(null);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0] ?? null;
    latest.current = file;
    const problem = file && (await documentProblem(file));
    if (latest.current !== file) return;
    if (problem) {
      input.value = "";
      onChoose(null);
      onProblem(t(problem, { max: DOCUMENT_MAX_MEGABYTES }));
      return;
    }
    onChoose(file);
    onProblem(undefined);
  };

  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        id={ids.inputId}
        type="file"
        accept={DOCUMENT_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => void onChange(event)}
        className="block w-full cursor-pointer rounded-xl border border-slate-400 bg-white p-1.5 text-sm text-night-900 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-night-900 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-night-700 disabled:cursor-not-allowed disabled:opacity-60"
      />
    </FieldShell>
  );
}
