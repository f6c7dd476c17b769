// /settings → Notifications, the communication preferences: the email, SMS, push and types cards,
// each switch with its saved value (the product's defaults until the first save), the test buttons,
// and one save for everything ('Préférences sauvegardées').
import { useState, type ReactNode } from "react";
import type { PreferencesBody, PreferencesDto } from "@db/validators/preferences";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { usePreferences, useSavePreferences, useSendTest, type TestChannel } from "../api/preferences";
import { preferencesTexts } from "../preferences-texts";
import { PushActivation } from "./push-activation";

type Flag = keyof PreferencesBody;

export function NotificationPreferences() {
  const { t } = useTranslation(preferencesTexts);
  const preferences = usePreferences();
  if (preferences.isPending) {
    return (
      <div aria-busy="true" className="h-96 max-w-3xl animate-pulse rounded-2xl bg-night-100">
        <span className="sr-only" role="status">
          {t("common.loading")}
        </span>
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <div className="max-w-3xl rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <p className="text-slate-700">{t("preferences.loadError")}</p>
        <Button className="mt-4" loading={preferences.isFetching} onClick={() => void preferences.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return <PreferencesForm saved={preferences.data} />;
}

function PreferencesForm({ saved }: { saved: PreferencesDto }) {
  const { t } = useTranslation(preferencesTexts);
  const { push_subscribed: pushSubscribed, has_phone: _hasPhone, ...flags } = saved;
  const [draft, setDraft] = useState<PreferencesBody>(flags);
  const save = useSavePreferences();
  // Changed until saved (the saved answer becomes `saved`); push_enabled is set by 'Activer', not here.
  useUnsavedChanges(
    (Object.keys(draft) as Flag[]).some((flag) => flag !== "push_enabled" && draft[flag] !== flags[flag]),
  );
  const toggle = (flag: Flag) => (
    <Switch
      key={flag}
      label={t(`preferences.${labelKey(flag)}`)}
      checked={draft[flag]}
      onChange={(checked) => setDraft((current) => ({ ...current, [flag]: checked }))}
    />
  );
  // push_enabled has no switch here: 'Activer' sets it on the server, so the saved value is sent back.
  const submit = () =>
    save.mutate(
      { ...draft, push_enabled: saved.push_enabled },
      {
        onSuccess: () => notify.success(t("preferences.saved")),
        onError: () => notify.error(t("preferences.saveError")),
      },
    );

  return (
    <form
      className="flex max-w-3xl flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div>
        <h2 className="text-xl font-semibold text-night-900">{t("preferences.title")}</h2>
        <p className="mt-1 text-slate-700">{t("preferences.intro")}</p>
      </div>
      <Card title={t("preferences.email.title")} test={<TestButton channel="email" />}>
        {(["email_enabled", "booking_reminders", "payment_notifications", "marketing_emails"] as const).map(toggle)}
      </Card>
      <Card title={t("preferences.sms.title")} test={<TestButton channel="sms" />}>
        {(["sms_enabled", "emergency_sms"] as const).map(toggle)}
        <p className="text-sm text-slate-700">{t("preferences.sms.note")}</p>
      </Card>
      <Card title={t("preferences.push.title")} test={pushSubscribed ? <TestButton channel="push" /> : null}>
        {pushSubscribed && toggle("message_notifications")}
        <PushActivation subscribed={pushSubscribed} />
      </Card>
      <Card title={t("preferences.types.title")}>
        {(["notify_bookings", "notify_messages", "notify_payments", "notify_reviews", "notify_security"] as const).map(
          toggle,
        )}
        <Switch label={t("preferences.types.emergencies")} checked disabled onChange={() => undefined} />
      </Card>
      <div>
        <Button type="submit" loading={save.isPending}>
          {t("preferences.save")}
        </Button>
      </div>
    </form>
  );
}

const LABELS: Record<Flag, string> = {
  email_enabled: "email.enabled",
  booking_reminders: "email.bookingReminders",
  payment_notifications: "email.paymentNotifications",
  marketing_emails: "email.marketingEmails",
  sms_enabled: "sms.enabled",
  emergency_sms: "sms.emergency",
  push_enabled: "push.title",
  message_notifications: "push.messages",
  notify_bookings: "types.bookings",
  notify_messages: "types.messages",
  notify_payments: "types.payments",
  notify_reviews: "types.reviews",
  notify_security: "types.security",
};
const labelKey = (flag: Flag) => LABELS[flag];

function Card({ title, test, children }: { title: string; test?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
      <legend className="sr-only">{title}</legend>
      <h3 aria-hidden="true" className="text-lg font-semibold text-night-900">
        {title}
      </h3>
      {children}
      {test && <div className="pt-1">{test}</div>}
    </fieldset>
  );
}

function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-6 items-center justify-between gap-4 text-sm text-night-900">
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        className="h-5 w-9 shrink-0 accent-night-800"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}

/** A test send and its three toasts: sent, refused by the provider, or an error such as no phone. */
function TestButton({ channel }: { channel: TestChannel }) {
  const { t } = useTranslation(preferencesTexts);
  const test = useSendTest();
  const run = () =>
    test.mutate(channel, {
      onSuccess: ({ ok }) =>
        ok
          ? notify.success(t(`preferences.tests.${channel}.sent`))
          : notify.error(t(`preferences.tests.${channel}.failed`)),
      // A refused precondition says why ('Aucun numéro de téléphone configuré', an expired session...).
      onError: (error) =>
        notify.error(
          error instanceof ApiError && error.status < 500 ? error.message : t(`preferences.tests.${channel}.error`),
        ),
    });
  return (
    <Button variant="secondary" size="sm" loading={test.isPending} onClick={run}>
      {t(`preferences.${channel}.test`)}
    </Button>
  );
}
