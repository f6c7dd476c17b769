// The form that sends one document of a kind: its file (checked when chosen), an identity card's
// optional back, a criminal record's issue date, a diploma's name or a reference's note. The
// server's answer shows in a toast (and under the button); on success the list is asked again.
import { type FormEvent, useId, useState } from "react";
import { DIPLOMAS, DOCUMENT_DETAIL_MAX_LENGTH } from "@db/constants/verification";
import { parisToday } from "@db/time/paris-time";
import { TextAreaField } from "@web/components/form/text-area-field";
import { FieldError, FieldShell, TextField, fieldControlClasses, useFieldIds } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import type { DocumentKind } from "../api/get-verification";
import { useSendDocument } from "../api/send-document";
import { verificationTexts } from "../texts";
import { FileField } from "./file-field";

type Errors = Partial<Record<"file" | "back" | "issuedOn" | "detail", string>>;

/** A reference's note: at least this long, as the server asks. */
const REFERENCE_NOTE_MIN_LENGTH = 2;

export function DocumentForm({ kind, labelledBy }: { kind: DocumentKind; labelledBy: string }) {
  const { t } = useTranslation(verificationTexts);
  const send = useSendDocument();
  const serverErrorId = useId();
  // Bumped after a document is sent: the file inputs start empty again.
  const [generation, setGeneration] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [issuedOn, setIssuedOn] = useState("");
  const [detail, setDetail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const setError = (field: keyof Errors) => (message: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  const check = (): Errors => {
    const found: Errors = {};
    if (!file) found.file = errors.file ?? t("verification.form.errors.fileMissing");
    if (errors.back) found.back = errors.back;
    if (kind === "criminal_record") {
      if (!issuedOn) found.issuedOn = t("verification.form.errors.issuedOn");
      else if (issuedOn > parisToday()) found.issuedOn = t("verification.form.errors.issuedOnFuture");
    }
    if (kind === "diploma" && !(DIPLOMAS as readonly string[]).includes(detail))
      found.detail = t("verification.form.errors.diploma");
    if (kind === "reference" && detail.trim().length < REFERENCE_NOTE_MIN_LENGTH)
      found.detail = t("verification.form.errors.referenceNote");
    return found;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setServerError(undefined);
    if (Object.keys(found).length > 0 || !file) return;
    send.mutate(
      {
        kind,
        file,
        back: kind === "id_document" ? back : null,
        issuedOn: kind === "criminal_record" ? issuedOn : undefined,
        detail: kind === "diploma" || kind === "reference" ? detail.trim() : undefined,
      },
      {
        onSuccess: () => {
          notify.success(t("verification.form.sent"));
          setGeneration((value) => value + 1);
          setFile(null);
          setBack(null);
          setIssuedOn("");
          setDetail("");
        },
        onError: (error) => {
          console.error("document upload failed", error);
          const message = serverMessage(error, t, "verification.form.error");
          setServerError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      {kind === "diploma" && (
        <DiplomaSelect value={detail} onChange={setDetail} error={errors.detail} disabled={send.isPending} />
      )}
      {kind === "reference" && (
        <TextAreaField
          className="sm:col-span-2"
          label={t("verification.form.referenceNote")}
          rows={3}
          maxLength={DOCUMENT_DETAIL_MAX_LENGTH}
          value={detail}
          onChange={(event) => setDetail(event.target.value)}
          disabled={send.isPending}
          hint={t("verification.form.referenceCount", { count: detail.length, max: DOCUMENT_DETAIL_MAX_LENGTH })}
          error={errors.detail}
        />
      )}
      <FileField
        key={`file-${generation}`}
        label={t(kind === "id_document" ? "verification.form.front" : "verification.form.file")}
        error={errors.file}
        disabled={send.isPending}
        onChoose={setFile}
        onProblem={setError("file")}
      />
      {kind === "id_document" && (
        <FileField
          key={`back-${generation}`}
          label={t("verification.form.back")}
          error={errors.back}
          disabled={send.isPending}
          onChoose={setBack}
          onProblem={setError("back")}
        />
      )}
      {kind === "criminal_record" && (
        <TextField
          type="date"
          label={t("verification.form.issuedOn")}
          hint={t("verification.form.issuedOnHint")}
          required
          max={parisToday()}
          value={issuedOn}
          onChange={(event) => setIssuedOn(event.target.value)}
          disabled={send.isPending}
          error={errors.issuedOn}
        />
      )}
      <div className="flex flex-col gap-2 sm:col-span-2">
        <div>
          <Button type="submit" loading={send.isPending} aria-describedby={serverError ? serverErrorId : undefined}>
            {t("verification.form.send")}
          </Button>
        </div>
        <FieldError id={serverErrorId} message={serverError} />
      </div>
    </form>
  );
}

function DiplomaSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(verificationTexts);
  const ids = useFieldIds(undefined, error);
  return (
    <FieldShell ids={ids} label={t("verification.form.diploma")} error={error} className="sm:col-span-2">
      <select
        id={ids.inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={fieldControlClasses(error)}
      >
        <option value="">{t("verification.form.chooseDiploma")}</option>
        {DIPLOMAS.map((diploma) => (
          <option key={diploma} value={diploma}>
            {t(`verification.diplomas.${diploma}`)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
