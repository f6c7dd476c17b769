// The demo provider's card form (without Stripe keys, a clearly labelled demo behind the same
// interface: docs/decisions.md, "Babysitter plans"). 4242 4242 4242 4242 pays, 4000 0000 0000 0002
// is declined, as with Stripe's test cards. The fields are checked as a card form checks them
// (cardDetailsSchema, shared with the server, which refuses the same): the number (length, Luhn),
// the expiry (MM/AA, not past), the security code; each error under its field. A paid payment goes
// to /payment/success with the query Stripe's own return would carry.
import { FlaskConical } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { cardDetailsSchema, type CardDetails, type PaymentIntentAnswer } from "@db/validators/billing";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { formatEuros } from "@web/lib/format";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useConfirmDemoPayment } from "../api/confirm-demo-payment";
import { paymentTexts } from "../texts";

export const TEST_CARD_PAYS = "4242 4242 4242 4242";
export const TEST_CARD_DECLINED = "4000 0000 0000 0002";

type CardField = keyof CardDetails;
type CardErrors = Partial<Record<CardField, string>>;

/** The first problem of each field, as i18n keys (the schema's messages). */
function cardErrorsOf(card: CardDetails): CardErrors {
  const parsed = cardDetailsSchema.safeParse(card);
  const errors: CardErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as CardField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** /payment/success?payment_intent=…&payment_intent_client_secret=…&redirect_status=…, as Stripe returns. */
export function successPath(intent: Pick<PaymentIntentAnswer, "payment_intent_id" | "client_secret">, status: string) {
  const query = new URLSearchParams({
    payment_intent: intent.payment_intent_id,
    payment_intent_client_secret: intent.client_secret,
    redirect_status: status,
  });
  return `/payment/success?${query.toString()}`;
}

/** The plan checkout's demo form: a paid card goes to /payment/success, as Stripe's return would. */
export function PlanDemoPaymentForm({ intent }: { intent: PaymentIntentAnswer }) {
  const { t } = useTranslation(paymentTexts);
  const navigate = useNavigate();
  const confirm = useConfirmDemoPayment();
  const submit = async (card: CardDetails) => {
    const answer = await confirm.mutateAsync({ payment_intent_id: intent.payment_intent_id, ...card });
    if (answer.status === "failed") return answer.failure_message ?? t("payment.form.error");
    void navigate(successPath(intent, answer.status));
    return null;
  };
  return <DemoPaymentForm amountCents={intent.amount} submit={submit} />;
}

type DemoPaymentFormProps = {
  amountCents: number;
  /** Sends the card: resolves to null once paid (the caller moves on), else the refusal to show. */
  submit: (card: CardDetails) => Promise<string | null>;
};

/** A declined card leaves the payment open: another card can be tried on it (as with Stripe). */
export function DemoPaymentForm({ amountCents, submit }: DemoPaymentFormProps) {
  const { t } = useTranslation(paymentTexts);
  const [pending, setPending] = useState(false);
  // Prefilled with the test card that pays (a labelled demo); any other card is checked the same way.
  const [card, setCard] = useState<CardDetails>({ card_number: TEST_CARD_PAYS, card_expiry: "12/34", card_cvc: "123" });
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const edit = (field: CardField) => (event: { target: { value: string } }) => {
    setCard((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: CardField) => (errors[field] ? t(errors[field]) : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = cardErrorsOf(card);
    setErrors(found);
    if (Object.keys(found).length > 0 || pending) return;
    setPending(true);
    try {
      const refused = await submit(card);
      if (refused) {
        notify.error(t("payment.form.error"));
        setFailure(t(refused));
      }
    } catch (error) {
      console.error("demo payment failed", error);
      notify.error(t("payment.form.error"));
      setFailure(serverMessage(error, t, "payment.form.error"));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="payment-form-title"
    >
      <h2 id="payment-form-title" className="text-lg font-semibold text-night-900">
        {t("payment.form.title")}
      </h2>
      <div
        className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        data-testid="demo-banner"
      >
        <FlaskConical aria-hidden="true" className="h-5 w-5 shrink-0" />
        <div>
          <p className="font-semibold">{t("payment.form.demoBanner")}</p>
          <p className="mt-1">{t("payment.form.demoCards")}</p>
          <ul className="mt-1 list-disc pl-5">
            <li>{t("payment.form.demoCardPays", { number: TEST_CARD_PAYS })}</li>
            <li>{t("payment.form.demoCardDeclined", { number: TEST_CARD_DECLINED })}</li>
          </ul>
        </div>
      </div>
      <TextField
        label={t("payment.form.cardNumber")}
        name="card_number"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        placeholder="4242 4242 4242 4242"
        value={card.card_number}
        onChange={edit("card_number")}
        error={errorOf("card_number") ?? failure ?? undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("payment.form.expiry")}
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
          placeholder={t("payment.form.expiryPlaceholder")}
          value={card.card_expiry}
          onChange={edit("card_expiry")}
          error={errorOf("card_expiry")}
        />
        <TextField
          label={t("payment.form.cvc")}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          placeholder="123"
          value={card.card_cvc}
          onChange={edit("card_cvc")}
          error={errorOf("card_cvc")}
        />
      </div>
      <Button type="submit" size="lg" loading={pending}>
        {pending ? t("payment.form.paying") : t("payment.form.pay", { amount: formatEuros(amountCents) })}
      </Button>
    </form>
  );
}
