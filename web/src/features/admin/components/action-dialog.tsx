// The modal an admin's action goes through (suspend an account or a plan, a refund...): what the
// action does, then its form. A native <dialog> in modal mode, like ConfirmDialog: focus stays
// inside, Escape cancels (unless the action is under way), the page behind is inert. The form is
// drawn afresh each time the dialog opens. Most actions ask only for the reason the admin writes
// (kept in the audit log; the same rule as the server's, adminReasonBodySchema): ReasonForm.
import { useModalDialog } from "@web/components/ui/use-modal-dialog";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useId } from "react";
import { type FieldValues, type Path, type UseFormReturn, type UseFormSetError, useForm } from "react-hook-form";
import { type AdminReasonBody, adminReasonBodySchema } from "@db/validators/admin-users";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { adminSharedTexts } from "./texts";

type ActionDialogProps = {
  open: boolean;
  title: string;
  /** What the action does, under the title (the dialog's description). */
  text: string;
  pending: boolean;
  onCancel: () => void;
  /** The form, drawn only while the dialog is open. */
  children: ReactNode;
};

export function ActionDialog({ open, title, text, pending, onCancel, children }: ActionDialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const textId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: the page decides, so its state stays the truth
        if (!pending) onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-white p-6 text-night-900 shadow-xl backdrop:bg-night-950/60"
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <p id={textId} className="mt-2 text-slate-700">
            {text}
          </p>
          {children}
        </>
      )}
    </dialog>
  );
}

type ActionFormProps<T extends FieldValues, Body = T> = {
  /** The form; `Body` is what its schema makes of the fields (T when it changes nothing). */
  form: UseFormReturn<T, unknown, Body>;
  submitLabel: string;
  /** The action takes something away (a suspension, a refund): the red button. */
  danger?: boolean;
  /** The submit waits for the form to be complete. */
  submitDisabled?: boolean;
  pending: boolean;
  onValid: (body: Body) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
};

/** The dialog's form: its fields, then 'Annuler' and the action's button. */
export function ActionForm<T extends FieldValues, Body = T>({
  form,
  submitLabel,
  danger = false,
  submitDisabled = false,
  pending,
  onValid,
  onCancel,
  children,
}: ActionFormProps<T, Body>) {
  const { t } = useTranslation(adminSharedTexts);
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-4 flex flex-col gap-4">
      {children}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" className="border border-night-600" onClick={onCancel} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant={danger ? "danger" : "secondary"} loading={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * Sends the form's body; a refusal about one of `fields` (the server's message) shows under that
 * field, the page toasts the rest.
 */
export const sendShowingFieldErrors = <T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  fields: readonly Path<T>[],
  sent: Promise<void>,
) =>
  sent.catch((error: unknown) => {
    showServerFieldError(form.setError, error, fields);
  });

/** Every reason form has the one field "reason": seen through the reason-only form's shape. */
const asReasonForm = <T extends AdminReasonBody>(form: UseFormReturn<T>) =>
  form as unknown as UseFormReturn<AdminReasonBody>;

export function ReasonField<T extends AdminReasonBody>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation(adminSharedTexts);
  const { register, formState } = asReasonForm(form);
  return (
    <TextAreaField
      label={t("adminShared.reason.label")}
      hint={t("adminShared.reason.hint")}
      rows={3}
      error={errorText(formState.errors.reason, t)}
      {...register("reason")}
    />
  );
}

type ReasonFormProps = Pick<ActionFormProps<AdminReasonBody>, "submitLabel" | "danger" | "pending" | "onCancel"> & {
  /** Rejects when the server refused: a message about the reason then shows under its field. */
  onSubmit: (body: AdminReasonBody) => Promise<void>;
};

/** The form of an action that asks only for its reason. */
export function ReasonForm({ onSubmit, ...shared }: ReasonFormProps) {
  const form = useForm<AdminReasonBody>({
    resolver: zodResolver(adminReasonBodySchema),
    defaultValues: { reason: "" },
  });
  const submit = (body: AdminReasonBody) => sendShowingFieldErrors(form, ["reason"], onSubmit(body));
  return (
    <ActionForm form={form} onValid={submit} {...shared}>
      <ReasonField form={form} />
    </ActionForm>
  );
}
