// /admin/ai-config: the AI settings in four tabs (Correspondance, Sécurité, Recommandations,
// Performance), each saved as a whole group, checked first by the server's own schema
// (aiConfigGroupSchemas), and the server's refusal shown under its field. The four forms live here,
// not in their tabs, so a tab's unsaved values wait while another is open; the tab is the page's
// own state rather than the URL's, so moving between tabs is never a navigation the unsaved-changes
// guard would question (leaving the page is). 'Restaurer les valeurs par défaut' asks first, then
// every form shows the defaults. The matching tab tests its unsaved values on a sample search.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { Navigate, Route, Routes } from "react-router-dom";
import { type AiConfigDto, type AiConfigTest, aiConfigGroupSchemas } from "@db/validators/ai-config";
import { showServerFieldError } from "@web/components/form/error-text";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { LoadError } from "@web/components/ui/page-states";
import { TabList } from "@web/components/ui/tab-list";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { useLeaveGuard, useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { adminSectionPath } from "../admin-sections";
import { useAiConfig, useRestoreAiConfigDefaults, useSaveAiConfigGroup } from "./api/ai-config";
import { useTestMatching } from "./api/test-matching";
import { GroupPanel } from "./components/group-panel";
import {
  MatchingTest,
  TEST_SEARCH_DEFAULTS,
  type TestSearch,
  type TestSearchInput,
  testSearchSchema,
} from "./components/matching-test";
import { AI_CONFIG_GROUPS, type AiConfigGroup, GROUP_SETTINGS, type GroupValues, settingValues } from "./settings";
import { adminAiConfigTexts } from "./texts";

const PANEL_ID = "ai-config-panel";
const tabId = (group: AiConfigGroup) => `ai-config-tab-${group}`;

/** The section owns /admin/ai-config/*: one page at its root; any deeper path goes back to it. */
export function AiConfigSection() {
  return (
    <Routes>
      <Route index element={<AiConfigPage />} />
      <Route path="*" element={<Navigate to={adminSectionPath("ai-config")} replace />} />
    </Routes>
  );
}

function AiConfigPage() {
  const { t } = useTranslation(adminAiConfigTexts);
  const config = useAiConfig();
  if (config.isPending) return <PageSkeleton />;
  if (config.isError)
    return <LoadError variant="card" message={t("adminAiConfig.loadError")} onRetry={() => void config.refetch()} />;
  return <AiConfigEditor config={config.data} />;
}

/** A group's form, from the values in force, checked by the schema the server saves with. */
function useGroupForm(group: AiConfigGroup, config: AiConfigDto): UseFormReturn<GroupValues> {
  return useForm<GroupValues>({
    // The schemas are built from the defaults' keys, so their inferred type is a plain record.
    resolver: zodResolver(aiConfigGroupSchemas[group]) as unknown as Resolver<GroupValues>,
    defaultValues: settingValues(group, config[group].values),
    // Checked when a field is left, then at each change: no error while a number is being typed.
    mode: "onTouched",
  });
}

function AiConfigEditor({ config }: { config: AiConfigDto }) {
  const { t } = useTranslation(adminAiConfigTexts);
  const forms: Record<AiConfigGroup, UseFormReturn<GroupValues>> = {
    matching: useGroupForm("matching", config),
    security: useGroupForm("security", config),
    recommendations: useGroupForm("recommendations", config),
    performance: useGroupForm("performance", config),
  };
  const testForm = useForm<TestSearchInput, unknown, TestSearch>({
    resolver: zodResolver(testSearchSchema),
    defaultValues: TEST_SEARCH_DEFAULTS,
  });
  const [tab, setTab] = useState<AiConfigGroup>("matching");
  const [tested, setTested] = useState<AiConfigTest | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveAiConfigGroup();
  const restore = useRestoreAiConfigDefaults();
  const test = useTestMatching();

  // Unsaved values in any tab: leaving the page (a link, Back, a reload) asks first. Each form's
  // isDirty is read on every draw (no short cut), so each keeps its subscription.
  useUnsavedChanges(AI_CONFIG_GROUPS.map((group) => forms[group].formState.isDirty).includes(true));
  const guard = useLeaveGuard();

  const saveGroup = (group: AiConfigGroup) => (values: GroupValues) =>
    save.mutate(
      { group, values },
      {
        onSuccess: (saved) => {
          forms[group].reset(settingValues(group, saved[group].values));
          // The ranking in force has changed: a test run before no longer shows it.
          if (group === "matching" || group === "recommendations") setTested(null);
          notify.success(t("adminAiConfig.saved"));
        },
        onError: (error) => {
          const fields = GROUP_SETTINGS[group].map((spec) => spec.key);
          if (!showServerFieldError(forms[group].setError, error, fields))
            notify.error(serverMessage(error, t, "errors.internal"));
        },
      },
    );

  const restoreDefaults = () =>
    restore.mutate(undefined, {
      onSuccess: (restored) => {
        for (const group of AI_CONFIG_GROUPS) forms[group].reset(settingValues(group, restored[group].values));
        setTested(null);
        setConfirming(false);
        notify.success(t("adminAiConfig.restore.done"));
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(serverMessage(error, t, "errors.internal"));
      },
    });

  // The matching tab's values as they stand, checked first (their errors show under the fields),
  // and the recommendations tab's when they are valid (else the server takes those in force).
  const runTest = async (search: TestSearch) => {
    const matching = forms.matching;
    if (!(await matching.trigger())) {
      notify.error(t("adminAiConfig.test.fixSettings"));
      return;
    }
    const recommendations = aiConfigGroupSchemas.recommendations.safeParse(forms.recommendations.getValues());
    test.mutate(
      {
        matching: matching.getValues(),
        ...(recommendations.success && { recommendations: recommendations.data }),
        search,
      },
      {
        onSuccess: setTested,
        onError: (error) => {
          if (!showTestError(error, matching, testForm)) notify.error(serverMessage(error, t, "errors.internal"));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabList
          tabs={AI_CONFIG_GROUPS}
          selected={tab}
          onSelect={setTab}
          label={t("adminAiConfig.tabs.label")}
          labelOf={(group) => t(`adminAiConfig.tabs.${group}`)}
          idOf={tabId}
          panelId={PANEL_ID}
          className="flex flex-wrap sm:inline-flex"
        />
        <Button variant="ghost" className="border border-night-600" onClick={() => setConfirming(true)}>
          {t("adminAiConfig.restore.button")}
        </Button>
      </div>
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="flex flex-col gap-6">
        <GroupPanel
          key={tab}
          group={tab}
          state={config[tab]}
          form={forms[tab]}
          saving={save.isPending && save.variables?.group === tab}
          onSave={saveGroup(tab)}
        />
        {tab === "matching" && (
          <MatchingTest form={testForm} running={test.isPending} result={tested} onRun={runTest} />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("adminAiConfig.restore.title")}
        message={t("adminAiConfig.restore.message")}
        confirmLabel={t("adminAiConfig.restore.confirm")}
        onConfirm={restoreDefaults}
        onCancel={() => setConfirming(false)}
        busy={restore.isPending}
      />
      <ConfirmDialog
        open={guard.asking}
        title={t("adminAiConfig.leave.title")}
        message={t("adminAiConfig.leave.message")}
        confirmLabel={t("adminAiConfig.leave.leave")}
        cancelLabel={t("adminAiConfig.leave.stay")}
        onConfirm={guard.leave}
        onCancel={guard.stay}
      />
    </div>
  );
}

/**
 * A refused test names its field: 'location' (an unknown city) or 'search.<field>' under the sample
 * search, 'matching.<setting>' under the setting. False when it names none of them.
 */
function showTestError(
  error: unknown,
  matching: UseFormReturn<GroupValues>,
  search: UseFormReturn<TestSearchInput, unknown, TestSearch>,
): boolean {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.field) return false;
  const [scope, name] = error.field.includes(".") ? error.field.split(".", 2) : ["search", error.field];
  const message = { type: "server", message: error.message };
  if (scope === "search" && name === "location") {
    search.setError("location", message, { shouldFocus: true });
    return true;
  }
  if (scope === "matching" && GROUP_SETTINGS.matching.some((spec) => spec.key === name)) {
    matching.setError(name, message, { shouldFocus: true });
    return true;
  }
  return false;
}

function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <div className="h-12 animate-pulse rounded-2xl bg-night-100" />
      <div className="h-96 animate-pulse rounded-2xl bg-night-100" />
    </div>
  );
}
