// 'Refuser': the modal (../../components/action-dialog.tsx) asks for the reason, from the list, and a
// note shown to the person with the reason (required for 'Autre'). The same rules as the server's
// (rejectDocumentSchema), with this section's words.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { REJECTION_NOTE_MAX_LENGTH, REJECTION_REASONS } from "@db/constants/verification";
import type { RejectDocumentBody } from "@db/validators/verification";
import { errorText } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { FieldShell, fieldControlClasses, useFieldIds } from "@web/components/form/text-field";
import { useTranslation } from "@web/lib/i18n";
import { ActionDialog, ActionForm, sendShowingFieldErrors } from "../../components/action-dialog";
import { adminVerificationsTexts } from "../texts";

const rejectFormSchema = z
  .object({
    // "" until a reason is chosen (the select's first option).
    reason: z.string().pipe(z.enum(REJECTION_REASONS, { error: "adminVerifications.reject.errors.reason" })),
    note: z.string().trim().max(REJECTION_NOTE_MAX_LENGTH, "adminVerifications.reject.errors.noteTooLong"),
  })
  .refine((body) => body.reason !== "other" || body.note !== "", {
    path: ["note"],
    message: "adminVerifications.reject.errors.noteRequired",
  })
  .transform((body): RejectDocumentBody => (body.note ? body : { reason: body.reason }));

type RejectFields = { reason: string; note: string };

type RejectDialogProps = {
  open: boolean;
  /** Who and what the dialog names: "Pièce d'identité de Inès Morel". */
  kind: string;
  name: string;
  pending: boolean;
  /** Rejects when the server refused: a message about a field then shows under it. */
  onSubmit: (body: RejectDocumentBody) => Promise<void>;
  onCancel: () => void;
};

export function RejectDialog({ open, kind, name, pending, onSubmit, onCancel }: RejectDialogProps) {
  const { t } = useTranslation(adminVerificationsTexts);
  return (
    <ActionDialog
      open={open}
      title={t("adminVerifications.reject.title")}
      text={t("adminVerifications.reject.text", { kind, name })}
      pending={pending}
      onCancel={onCancel}
    >
      <RejectForm pending={pending} onSubmit={onSubmit} onCancel={onCancel} />
    </ActionDialog>
  );
}

function RejectForm({ pending, onSubmit, onCancel }: Pick<RejectDialogProps, "pending" | "onSubmit" | "onCancel">) {
  const { t } = useTranslation(adminVerificationsTexts);
  const form = useForm<RejectFields, unknown, RejectDocumentBody>({
    resolver: zodResolver(rejectFormSchema),
    defaultValues: { reason: "", note: "" },
  });
  const { errors } = form.formState;
  const reasonError = errorText(errors.reason, t);
  const ids = useFieldIds(undefined, reasonError);
  const submit = (body: RejectDocumentBody) => sendShowingFieldErrors(form, ["reason", "note"], onSubmit(body));
  return (
    <ActionForm
      form={form}
      onValid={submit}
      submitLabel={t("adminVerifications.reject.confirm")}
      danger
      pending={pending}
      onCancel={onCancel}
    >
      <FieldShell ids={ids} label={t("adminVerifications.reject.reason")} error={reasonError}>
        <select
          id={ids.inputId}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={ids.describedBy}
          aria-required="true"
          className={fieldControlClasses(reasonError)}
          {...form.register("reason")}
        >
          <option value="">{t("adminVerifications.reject.chooseReason")}</option>
          {REJECTION_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`adminVerifications.reasons.${reason}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      <TextAreaField
        label={t("adminVerifications.reject.note")}
        hint={t("adminVerifications.reject.noteHint", { max: REJECTION_NOTE_MAX_LENGTH })}
        rows={3}
        maxLength={REJECTION_NOTE_MAX_LENGTH}
        error={errorText(errors.note, t)}
        {...form.register("note")}
      />
    </ActionForm>
  );
}
