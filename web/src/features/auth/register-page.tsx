import { clsx } from "clsx";
import { Baby, HeartHandshake, type LucideIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "@web/lib/i18n";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { REGISTRABLE_USER_TYPES, type RegistrableUserType } from "@db/schema/enums";
import { REGISTER_STEPS } from "@db/validators/register-steps";
import { CheckboxField } from "@web/components/form/checkbox-field";
import { lazyZodResolver } from "@web/components/form/lazy-zod-resolver";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { FieldError, TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { clearDraft, readDraft, saveDraft } from "@web/lib/tab-drafts";
import { type SignUpInput, useSignUp } from "./api/sign-up";
import { AuthShell } from "./components/auth-shell";
import { authTexts } from "./texts";

type FieldName = keyof SignUpInput;
const LAST_STEP = REGISTER_STEPS.length - 1;
const STEP_KEYS = ["profile", "identity", "security"] as const;

const REGISTER_FIELDS = REGISTER_STEPS.flat();

/** zod and the wizard's schema are fetched once the visitor picks who they are (or at 'Suivant'). */
const signUpResolver = lazyZodResolver(() => import("@db/validators/auth").then((module) => module.registerFormSchema));

/**
 * The wizard's progress survives a reload or Back for this tab (lib/tab-drafts.ts), never the
 * password nor its confirmation; cleared once the account is created.
 */
const DRAFT_KEY = "register";
const EMPTY_FORM: Partial<SignUpInput> = {
  first_name: "",
  last_name: "",
  email: "",
  phone: "",
  city: "",
  password: "",
  confirm_password: "",
  accept_terms: false,
};
type Draft = { step: number; values: Partial<SignUpInput> };

function readWizardDraft(): Draft {
  const saved = readDraft(DRAFT_KEY) as Partial<Draft> | undefined;
  const step = saved?.step;
  if (typeof step === "number" && Number.isInteger(step) && step >= 0 && step <= LAST_STEP)
    return { step, values: { ...EMPTY_FORM, ...saved?.values, password: "", confirm_password: "" } };
  return { step: 0, values: EMPTY_FORM };
}

function saveWizardDraft(step: number, { password: _p, confirm_password: _c, ...values }: Partial<SignUpInput>) {
  saveDraft(DRAFT_KEY, { step, values });
}

const isRegistrable = (value: string | null): value is RegistrableUserType =>
  REGISTRABLE_USER_TYPES.includes(value as RegistrableUserType);

const stepOf = (field: FieldName) =>
  REGISTER_STEPS.findIndex((fields) => (fields as readonly string[]).includes(field));

export function RegisterPage() {
  const { t } = useTranslation(authTexts);
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [draft] = useState(readWizardDraft);
  const [step, setStep] = useState(draft.step);
  const stepHeading = useStepFocus(step);
  const form = useForm<SignUpInput>({
    resolver: signUpResolver,
    defaultValues: draft.values,
  });
  const { errors } = form.formState;

  // A field shown in red is checked again as it changes, so the message leaves once it is fixed
  // ('Suivant' validates with trigger(), which react-hook-form's re-validation does not follow).
  // Every change also keeps the draft.
  useEffect(() => {
    saveWizardDraft(step, form.getValues());
    return form.subscribe({
      formState: { values: true },
      callback: ({ values, name, type }) => {
        saveWizardDraft(step, values);
        if (type !== "change" || !name) return;
        const field = name as FieldName;
        if (form.getFieldState(field).error) void form.trigger(field);
        if (field === "password" && form.getFieldState("confirm_password").error) void form.trigger("confirm_password");
      },
    });
  }, [form, step]);
  const err = (name: FieldName) => errorText(errors[name], t);

  // A link may choose the profile (?type=babysitter: an agency's invitation email). Chosen once the
  // page is live, not in the first render: the pre-rendered /register (drawn without a query string)
  // hydrates as it was drawn.
  const [params] = useSearchParams();
  const linkedType = params.get("type");
  useEffect(() => {
    if (isRegistrable(linkedType)) form.setValue("user_type", linkedType, { shouldDirty: true });
    // Once, as the page opens: the visitor may choose otherwise afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const next = async () => {
    if (await form.trigger([...REGISTER_STEPS[step]], { shouldFocus: true }))
      setStep((s) => Math.min(s + 1, LAST_STEP));
  };

  const onValid = ({ confirm_password: _confirm, accept_terms: _terms, ...body }: SignUpInput) =>
    signUp.mutate(body, {
      onSuccess: () => {
        clearDraft(DRAFT_KEY);
        notify.success(t("auth.register.success"));
        navigate("/login", { replace: true });
      },
      onError: (error) => {
        console.error("registration failed", error);
        notify.error(serverMessage(error, t, "errors.registrationFailed"));
        const field = showServerFieldError(form.setError, error, REGISTER_FIELDS);
        if (field) setStep(stepOf(field));
      },
    });

  // Enter in a field acts as 'Suivant' until the last step.
  const onSubmit = (event: FormEvent) => {
    if (step < LAST_STEP) {
      event.preventDefault();
      void next();
      return;
    }
    void form.handleSubmit(onValid)(event);
  };

  return (
    <AuthShell title={t("auth.register.title")} subtitle={t("auth.register.subtitle")}>
      <StepIndicator step={step} />
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
        <h2 ref={stepHeading} tabIndex={-1} className="text-lg font-semibold">
          {t(`auth.register.steps.${STEP_KEYS[step]}`)}
        </h2>
        {step === 0 && (
          <Controller
            control={form.control}
            name="user_type"
            render={({ field }) => (
              <UserTypeChoice
                value={field.value}
                onChange={(value) => {
                  signUpResolver.preload();
                  field.onChange(value);
                }}
                onBlur={field.onBlur}
                error={err("user_type")}
              />
            )}
          />
        )}
        {step === 1 && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t("auth.fields.firstName")}
                autoComplete="given-name"
                error={err("first_name")}
                {...form.register("first_name")}
              />
              <TextField
                label={t("auth.fields.lastName")}
                autoComplete="family-name"
                error={err("last_name")}
                {...form.register("last_name")}
              />
            </div>
            <TextField
              label={t("auth.fields.email")}
              type="email"
              autoComplete="email"
              error={err("email")}
              {...form.register("email")}
            />
            <TextField
              label={t("auth.fields.phone")}
              type="tel"
              autoComplete="tel"
              hint={t("auth.register.phoneHint")}
              error={err("phone")}
              {...form.register("phone")}
            />
            <TextField
              label={t("auth.fields.city")}
              autoComplete="address-level2"
              error={err("city")}
              {...form.register("city")}
            />
          </>
        )}
        {step === 2 && (
          <>
            <TextField
              label={t("auth.fields.password")}
              type="password"
              autoComplete="new-password"
              hint={t("auth.register.passwordHint")}
              error={err("password")}
              {...form.register("password")}
            />
            <TextField
              label={t("auth.fields.confirmPassword")}
              type="password"
              autoComplete="new-password"
              error={err("confirm_password")}
              {...form.register("confirm_password")}
            />
            <CheckboxField label={<TermsLabel />} error={err("accept_terms")} {...form.register("accept_terms")} />
          </>
        )}
        <div className="mt-2 flex items-center justify-between gap-3">
          {step > 0 ? (
            <Button variant="ghost" className="border border-slate-400" onClick={() => setStep((s) => s - 1)}>
              {t("auth.register.previous")}
            </Button>
          ) : (
            <span />
          )}
          {step < LAST_STEP ? (
            <Button type="submit">{t("auth.register.next")}</Button>
          ) : (
            <Button type="submit" loading={signUp.isPending}>
              {t("auth.register.submit")}
            </Button>
          )}
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("auth.register.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-glow-900 underline">
          {t("auth.register.toLogin")}
        </Link>
      </p>
    </AuthShell>
  );
}

/** Moves focus to the new step's heading (not on first render) so screen readers follow the wizard. */
function useStepFocus(step: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}

function StepIndicator({ step }: { step: number }) {
  const { t } = useTranslation(authTexts);
  return (
    <ol aria-label={t("auth.register.progress")} className="flex gap-2">
      {STEP_KEYS.map((key, index) => (
        <li key={key} aria-current={index === step ? "step" : undefined} className="flex-1">
          <span className={clsx("block h-1.5 rounded-full", index <= step ? "bg-glow-500" : "bg-slate-300")} />
          <span
            className={clsx("mt-2 block text-xs", index === step ? "font-semibold text-night-900" : "text-slate-700")}
          >
            {t("auth.register.stepOf", { step: index + 1, total: STEP_KEYS.length })}
            <span className="sr-only">: {t(`auth.register.steps.${key}`)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

type UserTypeChoiceProps = {
  value: SignUpInput["user_type"] | undefined;
  onChange: (value: SignUpInput["user_type"]) => void;
  onBlur: () => void;
  error?: string;
};

const USER_TYPE_ICONS: Record<RegistrableUserType, LucideIcon> = { parent: Baby, babysitter: HeartHandshake };

function UserTypeChoice({ value, onChange, onBlur, error }: UserTypeChoiceProps) {
  const { t } = useTranslation(authTexts);
  return (
    <fieldset aria-describedby={error ? "user-type-error" : undefined}>
      <legend className="mb-3 text-sm font-medium">{t("auth.register.userTypeLegend")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {REGISTRABLE_USER_TYPES.map((type) => {
          const Icon = USER_TYPE_ICONS[type];
          return (
            <label
              key={type}
              className={clsx(
                "flex cursor-pointer gap-3 rounded-2xl border-2 bg-white p-4 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-glow-500",
                value === type ? "border-night-800" : "border-slate-300 hover:border-night-600",
              )}
            >
              <input
                type="radio"
                name="user_type"
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                onBlur={onBlur}
                className="mt-1 h-4 w-4 accent-night-800"
              />
              <span>
                <span className="flex items-center gap-2 font-semibold">
                  <Icon aria-hidden="true" className="h-5 w-5 text-glow-800" />
                  {t(`auth.register.userTypes.${type}.title`)}
                </span>
                <span className="mt-1 block text-sm text-slate-700">{t(`auth.register.userTypes.${type}.text`)}</span>
              </span>
            </label>
          );
        })}
      </div>
      <div className="mt-2">
        <FieldError id="user-type-error" message={error} />
      </div>
    </fieldset>
  );
}

function TermsLabel() {
  const { t } = useTranslation(authTexts);
  return (
    <>
      {t("auth.register.acceptTermsPrefix")}{" "}
      <Link to="/terms" target="_blank" rel="noopener" className="font-semibold text-glow-900 underline">
        {t("auth.register.termsLink")}
      </Link>{" "}
      {t("auth.register.acceptTermsAnd")}{" "}
      <Link to="/privacy" target="_blank" rel="noopener" className="font-semibold text-glow-900 underline">
        {t("auth.register.privacyLink")}
      </Link>
    </>
  );
}
