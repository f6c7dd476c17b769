// The Confidentialité tab: who sees the profile, the cookie choices (essential locked on), the data
// export and the account deletion (confirm, then type SUPPRIMER exactly).
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { PROFILE_VISIBILITIES, type ProfileVisibility } from "@db/schema/enums";
import { DELETE_CONFIRMATION, type PrivacyDto } from "@db/validators/account";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { useTranslation } from "@web/lib/i18n";
import { useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { downloadExport, useDeleteAccount, usePrivacy, useSavePrivacy } from "../api/privacy";
import { settingsTexts } from "../texts";

const CARD = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-night-100";

function Choices() {
  const privacy = usePrivacy();
  if (!privacy.data) return <div aria-busy="true" className="h-64 animate-pulse rounded-2xl bg-night-100" />;
  return <ChoicesForm initial={privacy.data} />;
}

function ChoicesForm({ initial }: { initial: PrivacyDto }) {
  const { t } = useTranslation(settingsTexts);
  const save = useSavePrivacy();
  const selectId = useId();
  const [visibility, setVisibility] = useState<ProfileVisibility>(initial.profile_visibility);
  const [analytics, setAnalytics] = useState(initial.cookies.analytics);
  const [marketing, setMarketing] = useState(initial.cookies.marketing);
  // Changed until saved (the saved answer becomes `initial`).
  useUnsavedChanges(
    visibility !== initial.profile_visibility ||
      analytics !== initial.cookies.analytics ||
      marketing !== initial.cookies.marketing,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { profile_visibility: visibility, cookies: { analytics, marketing } },
      {
        onSuccess: () => notify.success(t("settings.privacy.saved")),
        onError: (error) => notify.error(serverMessage(error, t, "settings.privacy.error")),
      },
    );
  };

  const checkbox = (label: string, checked: boolean, onChange?: (value: boolean) => void) => (
    <label className="flex items-center gap-3 py-1 text-night-900">
      <input
        type="checkbox"
        className="size-5"
        checked={checked}
        disabled={!onChange}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      {label}
    </label>
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby="privacy-choices-title" className={CARD}>
      <h2 id="privacy-choices-title" className="text-lg font-semibold text-night-900">
        {t("settings.privacy.title")}
      </h2>
      <label htmlFor={selectId} className="mt-4 block font-medium text-night-900">
        {t("settings.privacy.visibility")}
      </label>
      <select
        id={selectId}
        value={visibility}
        onChange={(event) => setVisibility(event.target.value as ProfileVisibility)}
        className="mt-1 w-full max-w-md rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-night-900"
      >
        {PROFILE_VISIBILITIES.map((value) => (
          <option key={value} value={value}>
            {t(`settings.privacy.visibilities.${value}`)}
          </option>
        ))}
      </select>
      <fieldset className="mt-4">
        <legend className="font-medium text-night-900">{t("settings.privacy.cookies")}</legend>
        {checkbox(t("settings.privacy.essential"), true)}
        {checkbox(t("settings.privacy.analytics"), analytics, setAnalytics)}
        {checkbox(t("settings.privacy.marketing"), marketing, setMarketing)}
      </fieldset>
      <Button type="submit" loading={save.isPending} className="mt-4">
        {t("settings.privacy.save")}
      </Button>
    </form>
  );
}

function DataAndDeletion() {
  const { t } = useTranslation(settingsTexts);
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [exporting, setExporting] = useState(false);
  const [asking, setAsking] = useState(false);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState("");

  const exportData = () => {
    setExporting(true);
    downloadExport()
      .then(() => notify.success(t("settings.privacy.exported")))
      .catch((error: unknown) => notify.error(serverMessage(error, t, "settings.privacy.exportError")))
      .finally(() => setExporting(false));
  };

  const confirmDeletion = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== DELETE_CONFIRMATION) return;
    // On the request's promise, not the component's callbacks: the session ends with the account,
    // and the settings' guard unmounts this page at once.
    remove.mutateAsync().then(
      () => {
        notify.success(t("settings.privacy.deleted"));
        navigate("/", { replace: true });
      },
      (error: unknown) => notify.error(serverMessage(error, t, "settings.privacy.deleteError")),
    );
  };

  return (
    <>
      <section aria-labelledby="privacy-export-title" className={CARD}>
        <h2 id="privacy-export-title" className="text-lg font-semibold text-night-900">
          {t("settings.privacy.exportTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("settings.privacy.exportText")}</p>
        <Button variant="secondary" className="mt-4" loading={exporting} onClick={exportData}>
          {t("settings.privacy.export")}
        </Button>
      </section>
      <section aria-labelledby="privacy-delete-title" className={CARD}>
        <h2 id="privacy-delete-title" className="text-lg font-semibold text-night-900">
          {t("settings.privacy.deleteTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("settings.privacy.deleteText")}</p>
        {typing ? (
          <form noValidate onSubmit={confirmDeletion} className="mt-4 flex max-w-md flex-col gap-3">
            <TextField
              label={t("settings.privacy.typeToConfirm")}
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <div className="flex gap-3">
              <Button
                type="submit"
                variant="danger"
                disabled={typed !== DELETE_CONFIRMATION}
                loading={remove.isPending}
              >
                {t("settings.privacy.deleteFinal")}
              </Button>
              <Button variant="ghost" onClick={() => (setTyping(false), setTyped(""))}>
                {t("settings.privacy.cancel")}
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="danger" className="mt-4" onClick={() => setAsking(true)}>
            {t("settings.privacy.delete")}
          </Button>
        )}
      </section>
      <ConfirmDialog
        open={asking}
        title={t("settings.privacy.deleteTitle")}
        message={t("settings.privacy.confirmMessage")}
        confirmLabel={t("settings.privacy.confirmContinue")}
        onConfirm={() => (setAsking(false), setTyping(true))}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

export function PrivacyPanel() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <Choices />
      <DataAndDeletion />
    </div>
  );
}
