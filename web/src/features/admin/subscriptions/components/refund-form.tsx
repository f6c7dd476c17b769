// The refund dialog's form: the amount in euros (at most what was paid and not yet refunded, shown
// under the field) and one of the five reasons; 'Rembourser' stays disabled until both are filled
// and valid. Its request key is made when the dialog opens (the form is drawn afresh each time) and
// sent with every try, so a second click or a retry after an error refunds nothing more.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { z } from "zod";
import { REFUND_REASONS } from "@db/schema/enums";
import type { AdminRefundBody } from "@db/validators/admin-subscriptions";
import { errorText } from "@web/components/form/error-text";
import { FieldShell, fieldControlClasses, TextField, useFieldIds } from "@web/components/form/text-field";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import { ActionForm, sendShowingFieldErrors } from "../../components/action-dialog";
import { adminSubscriptionsTexts } from "../texts";

/** Euros as typed, with a comma or a point and at most two decimals: '19', '19,5', '19.50'. */
const EUROS = /^\d+(?:[.,]\d{1,2})?$/;
const AMOUNT_INVALID = "validation.refundAmountInvalid";
/** Above the most that can be refunded: the field's message names that amount. */
const TOO_LARGE = "tooLarge";

/** The typed euros as cents (NaN when not an amount), held to what is left to refund. */
const refundFormSchema = (maxCents: number) =>
  z.object({
    amount_cents: z
      .string()
      .transform((text) => (EUROS.test(text.trim()) ? Math.round(Number(text.trim().replace(",", ".")) * 100) : NaN))
      .pipe(z.number({ error: AMOUNT_INVALID }).positive(AMOUNT_INVALID).max(maxCents, TOO_LARGE)),
    reason: z.string().pipe(z.enum(REFUND_REASONS, { error: "validation.refundReasonRequired" })),
  });
type RefundFormSchema = ReturnType<typeof refundFormSchema>;
type RefundFormFields = z.input<RefundFormSchema>;
type RefundFormBody = z.output<RefundFormSchema>;

type RefundFormProps = {
  /** What is left to refund, in cents. */
  maxCents: number;
  pending: boolean;
  /** Rejects when the server refused: a message about the amount or the reason shows under its field. */
  onSubmit: (body: AdminRefundBody) => Promise<void>;
  onCancel: () => void;
};

export function RefundForm({ maxCents, pending, onSubmit, onCancel }: RefundFormProps) {
  const { t, language } = useTranslation(adminSubscriptionsTexts);
  const [requestKey] = useState(() => crypto.randomUUID());
  const form = useForm<RefundFormFields, unknown, RefundFormBody>({
    resolver: zodResolver(refundFormSchema(maxCents)),
    defaultValues: { amount_cents: "", reason: "" },
    mode: "onTouched",
  });
  const { errors, isValid } = form.formState;
  const max = formatEuros(maxCents, language);
  const submit = (values: RefundFormBody) =>
    sendShowingFieldErrors(
      form,
      ["amount_cents", "reason"],
      onSubmit({ amount_cents: values.amount_cents, reason: values.reason, request_key: requestKey }),
    );
  const amountError =
    errors.amount_cents?.message === TOO_LARGE
      ? t("adminSubscriptions.refund.tooLarge", { max })
      : errorText(errors.amount_cents, t);
  return (
    <ActionForm
      form={form}
      submitLabel={t("adminSubscriptions.actions.refund")}
      danger
      submitDisabled={!isValid}
      pending={pending}
      onValid={submit}
      onCancel={onCancel}
    >
      <TextField
        label={t("adminSubscriptions.refund.amount")}
        hint={t("adminSubscriptions.refund.amountHint", { max })}
        inputMode="decimal"
        autoComplete="off"
        error={amountError}
        {...form.register("amount_cents")}
      />
      <ReasonSelect form={form} />
    </ActionForm>
  );
}

function ReasonSelect({ form }: { form: UseFormReturn<RefundFormFields, unknown, RefundFormBody> }) {
  const { t } = useTranslation(adminSubscriptionsTexts);
  const error = errorText(form.formState.errors.reason, t);
  const ids = useFieldIds(undefined, error);
  return (
    <FieldShell ids={ids} label={t("adminSubscriptions.refund.reason")} error={error}>
      <select
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={fieldControlClasses(error)}
        {...form.register("reason")}
      >
        <option value="">{t("adminSubscriptions.refund.chooseReason")}</option>
        {REFUND_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {t(`adminSubscriptions.refund.reasons.${reason}`)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
